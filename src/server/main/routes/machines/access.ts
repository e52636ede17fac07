/**
 * `GET /machine/{id}/access`: the sessions through the machine's gateway (device_connection rows that name the
 * machine), newest first by default, paged, for the last 7/30/90 days (`days`) or dates `from`/`to` (inclusive).
 */
import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { accessListQuery, accessPeriod, type AccessListQuery } from '@/contracts/machine';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { notFound } from '../../../shared/errors';
import { offsetOf, pageAnswer } from '../../../shared/list';
import { errors, idParams, json, listQueryParams } from '../../../shared/openapi';
import { deviceConnection } from '../../db/device-schema';
import { machine } from '../../db/fleet-schema';
import { accessPageSchema } from './schemas';

export const MACHINE_NOT_FOUND = 'Máquina não encontrada.';

async function machineExists(db: Db, owner: string, id: string): Promise<boolean> {
  const [found] = await db
    .select({ id: machine.id })
    .from(machine)
    .where(and(eq(machine.ownerUid, owner), eq(machine.id, id)))
    .limit(1);
  return found !== undefined;
}

async function listAccess(db: Db, owner: string, machineId: string, query: AccessListQuery, now: number) {
  const { start, end } = accessPeriod(query, now);
  const conditions: (SQL | undefined)[] = [eq(deviceConnection.ownerUid, owner), eq(deviceConnection.machineId, machineId)];
  if (start !== null) conditions.push(gte(deviceConnection.startedAt, start));
  if (end !== null) conditions.push(lte(deviceConnection.startedAt, end));
  const where = and(...conditions);
  const order = query.sort.startsWith('-') ? desc(deviceConnection.startedAt) : asc(deviceConnection.startedAt);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(deviceConnection)
      .where(where)
      .orderBy(order, asc(deviceConnection.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(deviceConnection).where(where),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    userName: row.userName,
    userEmail: row.userEmail,
    publicIp: row.publicIp,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    durationSeconds: Math.max(0, Math.floor(((row.endedAt ?? now) - row.startedAt) / 1000)),
    bytesIn: row.bytesIn,
    bytesOut: row.bytesOut,
  }));
  return { data, total: totals[0]?.total ?? 0 };
}

export function machineAccessRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/machine/{id}/access',
      tags: ['Máquinas'],
      summary: 'O histórico de acessos de uma máquina (sessões pelo seu gateway)',
      request: { params: idParams, query: listQueryParams(['days', 'from', 'to']) },
      responses: { 200: json(accessPageSchema, 'Uma página de sessões.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      if (!(await machineExists(db, owner, id))) throw notFound(MACHINE_NOT_FOUND);
      const query = accessListQuery.parse(new URL(c.req.url).searchParams);
      const { data, total } = await listAccess(db, owner, id, query, Date.now());
      return c.json(pageAnswer(data, query, total) as never, 200);
    },
  );
}
