/**
 * /dashboard, read-only figures of the caller's records (src/contracts/dashboard.ts):
 *
 * - `GET /dashboard/summary`: customers, machine models, machines, gateways per status, open orders.
 * - `GET /dashboard/connections?tz=America/Sao_Paulo`: connections started on each of the last 7 calendar days
 *   of that time zone (400 for an unknown zone), and the 5 latest connections with gateway and machine names.
 *
 * In demo mode both first bring online the caller's gateways that are due (devices/settle.ts).
 */
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/contracts/dashboard';
import { apiRoute, type App } from '../../../shared/app';
import { validationError } from '../../../shared/errors';
import { errors, json } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { settleInDemo } from '../devices/settle';
import { dashboardConnections, dashboardSummary } from './queries';
import { dashboardConnectionsQuery, dashboardConnectionsSchema, dashboardSummarySchema } from './schemas';

const TAG = 'Painel';

export function dashboardRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/dashboard/summary',
      tags: [TAG],
      summary: 'Contagens dos registros da conta',
      responses: { 200: json(dashboardSummarySchema, 'As contagens.'), 401: errors[401] },
    }),
    async (c) => {
      const owner = c.var.principal.uid;
      await settleInDemo(c.env, c.var.db, owner);
      return c.json(await dashboardSummary(c.var.db, owner), 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/dashboard/connections',
      tags: [TAG],
      summary: 'Conexões por dia (últimos 7 dias do fuso) e as 5 mais recentes',
      request: { query: dashboardConnectionsQuery },
      responses: { 200: json(dashboardConnectionsSchema, 'Dias e últimas conexões.'), 400: errors[400], 401: errors[401] },
    }),
    async (c) => {
      const timeZone = c.req.valid('query').tz ?? DEFAULT_TIME_ZONE;
      if (!isTimeZone(timeZone)) throw validationError('Fuso horário desconhecido.', 'tz');
      const owner = c.var.principal.uid;
      await settleInDemo(c.env, c.var.db, owner);
      const answer = await dashboardConnections(c.var.db, owner, timeZone, Date.now());
      return c.json(serialize(answer) as never, 200);
    },
  );
}
