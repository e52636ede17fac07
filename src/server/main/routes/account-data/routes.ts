/**
 * Configurações → "Privacidade e dados" (LGPD, issue #26), Administrador only ('team'):
 * - `POST /account/export`: the account's records of every kind as a ZIP (`dados.json` + a CSV per list, export.ts).
 *   One at a time per account: a second export asked while one runs gets 409 (the `account_export` row, taken over
 *   after a minute if a Worker died holding it).
 * - `POST /account/deletion` `{ companyName }`: the company's name typed exactly (spaces around and repeated aside),
 *   else 400 at `companyName`; then the deletion's one batch (deletion.ts) and 200 `{ deletedAt }`. From then on
 *   every request of the owner or a member is refused by `authenticate` (403 `account-deleted`).
 */
import { z } from '@hono/zod-openapi';
import { eq, lt, sql } from 'drizzle-orm';
import {
  accountDeletionSchema,
  DELETION_NAME_MISMATCH,
  EXPORT_RUNNING_MESSAGE,
  exportFileName,
  normalizeCompanyName,
} from '@/contracts/account-data';
import { apiRoute, type App } from '../../../shared/app';
import { assembler } from '../../../shared/db/core-schema';
import { conflict, notFound, validationError } from '../../../shared/errors';
import { errors, json, jsonBody, timestampSchema } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { accountExport } from '../../db/account-deletion-schema';
import { deleteAccount } from './deletion';
import { accountRecords, exportArchive } from './export';

const TAG = 'Privacidade e dados';
/** An export's claim older than this is stale (its Worker died): the next export takes it over. */
export const EXPORT_CLAIM_MS = 60_000;
export const COMPANY_NOT_FOUND = 'Empresa não encontrada para esta conta.';

const deletionAnswer = z.object({ deletedAt: timestampSchema }).openapi('AccountDeletion');

export function accountDataRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/account/export',
      tags: [TAG],
      summary: 'Exporta os dados da conta (ZIP com dados.json e um CSV por lista)',
      description:
        'Todos os registros da conta: empresa, equipe, convites, clientes, modelos, máquinas, gateways, endereços, pedidos com itens, ' +
        'pagamentos (só bandeira e 4 últimos dígitos), acessos remotos e seus eventos, histórico de acesso e usuários da VPN. ' +
        'Uma exportação por vez (409 se outra estiver em andamento).',
      responses: {
        200: { description: 'O arquivo ZIP.', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
        401: errors[401],
        403: errors[403],
        409: errors[409],
      },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const owner = principal.uid;
      const now = Date.now();
      const claimed = await db
        .insert(accountExport)
        .values({ ownerUid: owner, startedAt: now })
        .onConflictDoUpdate({ target: accountExport.ownerUid, set: { startedAt: now }, where: lt(accountExport.startedAt, now - EXPORT_CLAIM_MS) })
        .returning({ ownerUid: accountExport.ownerUid });
      if (claimed.length === 0) throw conflict('export-running', EXPORT_RUNNING_MESSAGE);
      try {
        const archive = exportArchive(await accountRecords(db, owner), new Date(now));
        return c.body(archive, 200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${exportFileName(new Date(now))}"`,
          'Cache-Control': 'no-store',
        }) as never;
      } finally {
        await db.delete(accountExport).where(eq(accountExport.ownerUid, owner));
      }
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/account/deletion',
      tags: [TAG],
      summary: 'Exclui a conta (confirmação: o nome da empresa digitado)',
      description:
        'Numa só transação: o acesso de todas as pessoas da conta termina; dados pessoais, frota, endereços, convites, acessos remotos e ' +
        'a VPN da conta são apagados; os pedidos ficam (guarda fiscal de 5 anos) com os campos pessoais anonimizados.',
      request: jsonBody(accountDeletionSchema),
      responses: { 200: json(deletionAnswer, 'Conta excluída.'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { companyName } = c.req.valid('json');
      const [company] = await db
        .select({ name: assembler.name })
        .from(assembler)
        .where(eq(assembler.uid, principal.uid))
        .limit(1);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      if (normalizeCompanyName(companyName) !== normalizeCompanyName(company.name)) throw validationError(DELETION_NAME_MISMATCH, 'companyName');
      const now = Date.now();
      await deleteAccount(db, principal.uid, now);
      const [row] = await db.select({ deletedAt: sql<number>`${assembler.deletedAt}` }).from(assembler).where(eq(assembler.uid, principal.uid));
      return c.json(serialize({ deletedAt: row?.deletedAt ?? now }) as never, 200);
    },
  );
}
