/**
 * The back office's remote access (staff; issue 25 item 6): back office → VPN → "Sessões".
 *
 * - `GET /backoffice/remote-access/session`: every builder's active sessions (window not over yet), with the builder's
 *   name; searched by builder, person or machine; the window's end first (or the newest). The builders with active
 *   sessions are settled first, as their own reads settle them.
 * - `POST /backoffice/remote-access/session/{id}/end` (a reason): ends it like the builder's own "Encerrar" — the node's
 *   peer list drops it at once — with the staff member as the event's actor, named "(suporte Ponte IIoT)" so the
 *   builder's Histórico says who it was.
 */
import { and, asc, count, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  backofficeRemoteAccessEndSchema,
  backofficeRemoteAccessSessionListQuery,
  OPEN_STATUSES,
  REMOTE_ACCESS_MESSAGES as M,
  type BackofficeRemoteAccessSessionListQuery,
} from '@/contracts/remote-access';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { demoMode } from '../../../demo/mode';
import { conflict, notFound } from '../../../shared/errors';
import { offsetOf, pageAnswer } from '../../../shared/list';
import { errors, errorsOf, idParams, json, jsonBody, listQueryParams } from '../../../shared/openapi';
import { foldText } from '../../../shared/search';
import { serialize } from '../../../shared/time';
import { customer, machine } from '../../db/fleet-schema';
import { remoteAccessSession } from '../../db/remote-access-schema';
import { sessionJson, settleSessions } from './queries';
import { step } from './steps';
import { backofficeRemoteAccessSessionPageSchema, remoteAccessSessionSchema } from './schemas';

const TAG = 'Back office';

/** The staff member as the builder's Histórico shows them. */
export const staffActorName = (name: string) => `${name} (suporte Ponte IIoT)`;

const contains = (column: SQL, needle: string) =>
  sql`${column} LIKE ${`%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} ESCAPE '\\'`;

export async function listActiveSessions(db: Db, query: BackofficeRemoteAccessSessionListQuery, now: number) {
  const s = remoteAccessSession;
  const needle = foldText(query.q.trim());
  const where = and(
    eq(s.status, 'active'),
    gt(s.windowEnd, now),
    needle
      ? or(contains(sql`lower(${s.requesterName})`, needle), contains(sql`lower(${s.machineName})`, needle), contains(sql`lower(${assembler.name})`, needle))
      : undefined,
  );
  const order = query.sort.endsWith('createdAt')
    ? [query.sort.startsWith('-') ? desc(s.createdAt) : asc(s.createdAt), asc(s.id)]
    : [query.sort.startsWith('-') ? desc(s.windowEnd) : asc(s.windowEnd), asc(s.id)];
  const [rows, totals] = await db.batch([
    db
      .select({
        row: s,
        customerName: sql<string | null>`${customer.name}`.as('j_customer_name'),
        ownerName: sql<string>`coalesce(${assembler.name}, '')`.as('j_owner_name'),
      })
      .from(s)
      .leftJoin(assembler, eq(assembler.uid, s.ownerUid))
      .leftJoin(machine, and(eq(machine.ownerUid, s.ownerUid), eq(machine.id, s.machineId)))
      .leftJoin(customer, and(eq(customer.ownerUid, s.ownerUid), eq(customer.id, machine.customerId)))
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(s).leftJoin(assembler, eq(assembler.uid, s.ownerUid)).where(where),
  ]);
  return {
    rows: rows.map((found) => ({ ...sessionJson(found.row, found.customerName), ownerName: found.ownerName })),
    total: totals[0]?.total ?? 0,
  };
}

export function backofficeRemoteAccessRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/remote-access/session',
      tags: [TAG],
      summary: 'As sessões de acesso remoto ativas de todas as montadoras',
      description: 'Busca (`q`): montadora, pessoa ou máquina. Ordem: `windowEndsAt` (padrão), `-createdAt`.',
      request: { query: listQueryParams() },
      responses: {
        200: json(backofficeRemoteAccessSessionPageSchema, 'Uma página de sessões ativas.'),
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const now = Date.now();
      // Each builder's sessions settled first, as their own reads do (windows ended → expired; demo: handshakes, traffic).
      const owners = await c.var.db.selectDistinct({ owner: remoteAccessSession.ownerUid }).from(remoteAccessSession).where(eq(remoteAccessSession.status, 'active'));
      for (const { owner } of owners) await settleSessions(c.var.db, owner, now, demoMode(c.env).standInHub);
      const query = backofficeRemoteAccessSessionListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listActiveSessions(c.var.db, query, now);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: '/backoffice/remote-access/session/{id}/end',
      tags: [TAG],
      summary: 'Encerra a sessão de acesso remoto de uma montadora (equipe Ponte IIoT, com motivo)',
      description: 'O par sai da lista do nó na hora; o evento "Encerrado" vai ao Histórico da montadora com o membro da equipe como autor.',
      request: { params: idParams, ...jsonBody(backofficeRemoteAccessEndSchema) },
      responses: { 200: json(remoteAccessSessionSchema, 'Encerrada.'), ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { reason } = c.req.valid('json');
      const { db, principal } = c.var;
      const now = Date.now();
      const [row] = await db.select().from(remoteAccessSession).where(eq(remoteAccessSession.id, c.req.valid('param').id)).limit(1);
      if (!row) throw notFound(M.sessionNotFound);
      if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) throw conflict('session-closed', M.notOpen, { status: row.status });
      const me = { uid: principal.memberUid, name: staffActorName(principal.name?.trim() || principal.email || principal.memberUid) };
      const json = await step(
        db, row.ownerUid, row, OPEN_STATUSES, 'ended',
        { endedByUid: me.uid, endedByName: me.name, endedAt: now, endReason: reason, handshakeDueAt: null },
        'ended', me, reason, now,
      );
      return c.json(serialize(json) as never, 200);
    },
  );
}
