/**
 * Remote access's reads and the account's policy: `GET|PUT /remote-access/policy`, `GET /remote-access/session`
 * (Ativos, Solicitações), `GET /remote-access/session/{id}` and `GET /remote-access/event` (Histórico). Each read
 * settles the account's sessions first (windows ended → expired; in demo mode, due handshakes). The steps that change
 * a session are in routes.ts.
 */
import { eq, sql } from 'drizzle-orm';
import {
  remoteAccessEventListQuery,
  remoteAccessPolicyInputSchema,
  remoteAccessSessionListQuery,
} from '@/contracts/remote-access';
import { apiRoute, type App } from '../../../shared/app';
import { pageAnswer } from '../../../shared/list';
import { errors, errorsOf, idParams, ifMatchHeaders, json, jsonBody, listQueryParams } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { remoteAccessPolicy } from '../../db/remote-access-schema';
import { auditInsertWhere, changedAny } from '../../audit';
import { listEvents, listSessions, readPolicy } from './queries';
import { sessionOr404, settled } from './steps';
import {
  remoteAccessEventPageSchema,
  remoteAccessPolicySchema,
  remoteAccessSessionPageSchema,
  remoteAccessSessionSchema,
} from './schemas';

const TAG = 'Acesso remoto';

export function remoteAccessReadRoutes(app: App) {
  // ---- the policy ----

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/remote-access/policy',
      tags: [TAG],
      summary: 'A política de acesso remoto da conta',
      responses: { 200: json(remoteAccessPolicySchema, 'A política (os padrões enquanto nunca alterada).'), 401: errors[401] },
    }),
    async (c) => c.json(serialize(await readPolicy(c.var.db, c.var.principal.uid)) as never, 200),
  );

  app.openapi(
    apiRoute({
      access: 'remote-admin',
      method: 'put',
      path: '/remote-access/policy',
      tags: [TAG],
      summary: 'Altera a política de acesso remoto (Administrador; If-Match: versão)',
      request: { headers: ifMatchHeaders, ...jsonBody(remoteAccessPolicyInputSchema) },
      responses: {
        200: json(remoteAccessPolicySchema, 'Alterada.'),
        ...errorsOf([401, 403, 409, 428]),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await readPolicy(db, owner);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(current);
      const now = Math.max(Date.now(), (current.updatedAt ?? 0) + 1);
      // Never written yet: the defaults are version 1, the first change makes version 2.
      const upsert = db
        .insert(remoteAccessPolicy)
        .values({ ownerUid: owner, ...input, version: version + 1, updatedAt: now })
        .onConflictDoUpdate({
          target: remoteAccessPolicy.ownerUid,
          set: { ...input, version: sql`${remoteAccessPolicy.version} + 1`, updatedAt: now },
          setWhere: eq(remoteAccessPolicy.version, version),
        })
        .returning();
      // The audit entry (when a field changed) in the same batch, kept only if this write made the new version.
      const before = { requireApproval: current.requireApproval, maxDurationHours: current.maxDurationHours };
      const audited = auditInsertWhere(
        c,
        { kind: 'policy.remote-access', target: { kind: 'policy', id: 'remote-access', label: 'Acesso remoto' }, before, after: { ...input }, at: now },
        sql`EXISTS (SELECT 1 FROM ${remoteAccessPolicy} WHERE owner_uid = ${owner} AND version = ${version + 1} AND updated_at = ${now})`,
      );
      const changed = changedAny(before, input, ['requireApproval', 'maxDurationHours']);
      const [[written]] = await db.batch([upsert, ...(changed ? [audited] : [])]);
      if (!written) throw versionConflict(await readPolicy(db, owner));
      return c.json(serialize(await readPolicy(db, owner)) as never, 200);
    },
  );

  // ---- reads ----

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/remote-access/session',
      tags: [TAG],
      summary: 'Sessões e solicitações (Ativos: `status=active`; Solicitações: `status=pending`)',
      description: 'Filtros: `status` (pending, approved, active, refused, ended, expired ou open), `machine`, `person` (uid de quem pediu). Ordem: `-createdAt` (padrão), `windowEndsAt`.',
      request: { query: listQueryParams(['status', 'machine', 'person']) },
      responses: { 200: json(remoteAccessSessionPageSchema, 'Uma página de sessões.'), 401: errors[401] },
    }),
    async (c) => {
      await settled(c, Date.now());
      const query = remoteAccessSessionListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listSessions(c.var.db, c.var.principal.uid, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/remote-access/session/{id}',
      tags: [TAG],
      summary: 'Uma sessão de acesso remoto',
      request: { params: idParams },
      responses: { 200: json(remoteAccessSessionSchema, 'A sessão.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      await settled(c, Date.now());
      const { json } = await sessionOr404(c.var.db, c.var.principal.uid, c.req.valid('param').id);
      return c.json(serialize(json) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/remote-access/event',
      tags: [TAG],
      summary: 'Histórico de acesso remoto (cada evento: quem, quando, por quê)',
      description:
        'Filtros: `machine`, `person` (uid de quem pediu), `kind`, `days` (os últimos 1, 7, 30 ou 90 dias). Ordem: `-occurredAt` (padrão) ou `occurredAt`.',
      request: { query: listQueryParams(['machine', 'person', 'kind', 'days']) },
      responses: { 200: json(remoteAccessEventPageSchema, 'Uma página de eventos.'), 401: errors[401] },
    }),
    async (c) => {
      const now = Date.now();
      await settled(c, now);
      const query = remoteAccessEventListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listEvents(c.var.db, c.var.principal.uid, query, now);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );
}
