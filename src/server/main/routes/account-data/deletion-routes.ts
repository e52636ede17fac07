/**
 * `/account/deletion` (issue 35, item 4: a deletion that can be undone and cannot be done by surprise):
 * - `POST` `{ companyName }` ('team', and only the account's Titular: 403 `titular-protected` for another
 *   Administrador): the company's name typed exactly (spaces around and repeated aside), else 400 at `companyName`;
 *   a sign-in within the last 5 minutes (the token's `auth_time`), else 403 `recent-sign-in-required` (the portal asks
 *   for the password again and retries); then the erasure is scheduled DELETION_GRACE_DAYS later and every
 *   Administrador e-mailed (grace.ts): 200 with the schedule (the existing one, unchanged, if already scheduled).
 * - `GET` ('read'): `{ schedule }`, null when none (the portal shows "Exclusão agendada para {data}").
 * - `DELETE` ('team': any Administrador): cancels it ("Cancelar exclusão"), 204; 404 when none is scheduled.
 * The daily scheduled job erases the accounts whose day has come (`eraseDueAccounts`, deletion.ts).
 */
import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { accountDeletionSchema, DELETION_NAME_MISMATCH, DELETION_NOT_SCHEDULED, normalizeCompanyName } from '@/contracts/account-data';
import { TITULAR_CODE, TITULAR_MESSAGES } from '@/contracts/titular';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { ApiError, notFound, validationError } from '../../../shared/errors';
import { errors, errorsOf, json, jsonBody, timestampSchema } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { auditStatement } from '../../audit';
import { cancelDeletion, findDeletionRequest, requireRecentSignIn, scheduleDeletion, scheduleJson } from './grace';

export const TAG = 'Privacidade e dados';
export const COMPANY_NOT_FOUND = 'Empresa não encontrada para esta conta.';

const scheduleSchema = z
  .object({
    requestedAt: timestampSchema,
    eraseAt: timestampSchema.openapi({ description: 'Quando os dados serão apagados (fim do prazo para cancelar).' }),
    requestedBy: z.string().openapi({ description: 'Quem pediu a exclusão.' }),
  })
  .openapi('AccountDeletionSchedule');
const stateSchema = z.object({ schedule: scheduleSchema.nullable() }).openapi('AccountDeletionState');

async function companyName(db: Db, owner: string): Promise<string> {
  const [company] = await db.select({ name: assembler.name }).from(assembler).where(eq(assembler.uid, owner)).limit(1);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return company.name;
}

export function accountDeletionRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/account/deletion',
      tags: [TAG],
      summary: 'Agenda a exclusão da conta (só o Titular; login recente; confirmação: o nome da empresa digitado)',
      description:
        'Pede um login nos últimos 5 minutos (senão 403 `recent-sign-in-required`). A exclusão fica agendada por 14 dias e cada ' +
        'Administrador recebe um e-mail; qualquer Administrador pode cancelá-la até lá. No fim do prazo, numa só transação: o acesso ' +
        'de todas as pessoas da conta termina; dados pessoais, frota, endereços, convites, acessos remotos e a VPN da conta são ' +
        'apagados; os pedidos ficam (guarda fiscal de 5 anos) com os campos pessoais anonimizados.',
      request: jsonBody(accountDeletionSchema),
      responses: { 200: json(scheduleSchema, 'Exclusão agendada.'), ...errorsOf([400, 401, 403, 404]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { companyName: typed } = c.req.valid('json');
      // Who registered the company is the account's uid (their member row's uid is the account's).
      if (principal.memberUid !== principal.uid) throw new ApiError(403, TITULAR_CODE, TITULAR_MESSAGES.deletion);
      const name = await companyName(db, principal.uid);
      if (normalizeCompanyName(typed) !== normalizeCompanyName(name)) throw validationError(DELETION_NAME_MISMATCH, 'companyName');
      requireRecentSignIn(principal);
      const audit = auditStatement(c, 'account.deletion-request', { kind: 'account', id: principal.uid, label: name });
      const row = await scheduleDeletion(db, principal, name, Date.now(), c.env, audit);
      return c.json(serialize(scheduleJson(row)) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/account/deletion',
      tags: [TAG],
      summary: 'A exclusão agendada da conta, se houver',
      responses: { 200: json(stateSchema, 'A exclusão agendada (null: nenhuma).'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const row = await findDeletionRequest(c.var.db, c.var.principal.uid);
      return c.json(serialize({ schedule: row ? scheduleJson(row) : null }) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'delete',
      path: '/account/deletion',
      tags: [TAG],
      summary: 'Cancela a exclusão agendada da conta (qualquer Administrador)',
      responses: { 204: { description: 'Cancelada; os Administradores recebem um e-mail.' }, ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const name = await companyName(db, principal.uid);
      const audit = auditStatement(c, 'account.deletion-cancel', { kind: 'account', id: principal.uid, label: name });
      if (!(await cancelDeletion(db, principal, name, Date.now(), c.env, audit))) throw notFound(DELETION_NOT_SCHEDULED);
      return c.body(null, 204);
    },
  );
}
