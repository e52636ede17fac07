/**
 * `GET /remote-access/filter-options`: what Histórico's "Pessoa" and "Máquina" filters offer — the people who asked
 * for access and the machines asked for, in the account's sessions (each once, by name; the names as last asked).
 */
import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { apiRoute, type App } from '../../../shared/app';
import { errors, json } from '../../../shared/openapi';

const optionSchema = z.object({ value: z.string(), label: z.string() });
const filterOptionsSchema = z
  .object({
    people: z.array(optionSchema).openapi({ description: 'Quem pediu acesso (`value`: uid, para `person`).' }),
    machines: z.array(optionSchema).openapi({ description: 'As máquinas pedidas (`value`: id, para `machine`).' }),
  })
  .openapi('RemoteAccessFilterOptions');

/** Most options of each kind (the newest first-seen names win a tie). */
const MAX_OPTIONS = 500;

export function remoteAccessHistoryRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/remote-access/filter-options',
      tags: ['Acesso remoto'],
      summary: 'As pessoas e máquinas dos filtros do Histórico',
      responses: { 200: json(filterOptionsSchema, 'As opções, por nome.'), 401: errors[401] },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      // Served by remote_access_session_requester / _machine (owner first); the name of the newest session wins.
      const [people, machines] = await Promise.all([
        db.all<{ value: string; label: string }>(sql`SELECT requester_uid AS value, requester_name AS label FROM (
            SELECT requester_uid, requester_name, row_number() OVER (PARTITION BY requester_uid ORDER BY created_at DESC) AS n
            FROM remote_access_session WHERE owner_uid = ${owner}) WHERE n = 1 ORDER BY lower(label), value LIMIT ${MAX_OPTIONS}`),
        db.all<{ value: string; label: string }>(sql`SELECT machine_id AS value, machine_name AS label FROM (
            SELECT machine_id, machine_name, row_number() OVER (PARTITION BY machine_id ORDER BY created_at DESC) AS n
            FROM remote_access_session WHERE owner_uid = ${owner}) WHERE n = 1 ORDER BY lower(label), value LIMIT ${MAX_OPTIONS}`),
      ]);
      return c.json({ people, machines }, 200);
    },
  );
}
