/**
 * The audit log (issue 37, item 5):
 * - `GET /audit-log` ('team-read': Administrador and Leitura; Técnico 403): the account's entries, newest first,
 *   filtered by `person` (who made the change), `kind`, `days` (the last 1, 7, 30, 90 or 365) and `from`/`to`
 *   (YYYY-MM-DD, Brasília, inclusive), paged (`{ data, meta }`). The portal's "Exportar CSV" pages through it.
 * - `GET /audit-log/people` ('team-read'): the "Pessoa" filter's choices.
 * - `GET /backoffice/audit-log` ('staff'): every account's entries with the account's name, `account` filters one.
 * - `GET /backoffice/audit-log/accounts` ('staff'): the "Conta" filter's choices.
 * The entries are written by the changes themselves (src/server/main/audit/), never through these routes.
 */
import { auditListQuery, backofficeAuditListQuery } from '@/contracts/audit';
import { apiRoute, type App } from '../../../shared/app';
import { pageAnswer } from '../../../shared/list';
import { errors, json, listQueryParams } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { auditAccounts, auditPeople, listAudit, listEveryAudit } from './queries';
import { auditPageSchema, auditPeopleSchema, backofficeAuditFilterSchema, backofficeAuditPageSchema } from './schemas';

export const AUDIT_TAG = 'Registro de auditoria';

const FILTERS = ['person', 'kind', 'days', 'from', 'to'] as const;

export function auditLogRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'team-read',
      method: 'get',
      path: '/audit-log',
      tags: [AUDIT_TAG],
      summary: 'O registro de auditoria da conta (quem mudou o quê, quando e de onde)',
      description:
        'Filtros: `person` (uid de quem fez), `kind`, `days` (1, 7, 30, 90 ou 365), `from` e `to` (AAAA-MM-DD, horário de Brasília, inclusivos). ' +
        'Ordem: `-createdAt` (padrão) ou `createdAt`. Os campos alterados nunca trazem segredos, tokens, chaves ou senhas.',
      request: { query: listQueryParams(FILTERS) },
      responses: { 200: json(auditPageSchema, 'Uma página do registro.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const query = auditListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listAudit(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(serialize(rows) as object[], query, total) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team-read',
      method: 'get',
      path: '/audit-log/people',
      tags: [AUDIT_TAG],
      summary: 'As pessoas do filtro "Pessoa" do registro de auditoria',
      responses: { 200: json(auditPeopleSchema, 'Quem aparece no registro, por nome.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => c.json({ people: await auditPeople(c.var.db, c.var.principal.uid) }, 200),
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/audit-log',
      tags: ['Back office'],
      summary: 'O registro de auditoria de todas as contas (com o nome de cada conta)',
      description: 'Os filtros do portal e `account` (uid da conta).',
      request: { query: listQueryParams(['account', ...FILTERS]) },
      responses: { 200: json(backofficeAuditPageSchema, 'Uma página do registro.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const query = backofficeAuditListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listEveryAudit(c.var.db, query);
      return c.json(pageAnswer(serialize(rows) as object[], query, total) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/audit-log/accounts',
      tags: ['Back office'],
      summary: 'As contas do filtro "Conta" do registro de auditoria',
      responses: { 200: json(backofficeAuditFilterSchema, 'As contas com registros, por nome.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => c.json({ accounts: await auditAccounts(c.var.db) }, 200),
  );
}
