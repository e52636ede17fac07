/**
 * The demo's alert simulations (demo mode only, 404 elsewhere like every /demo route; issue 37, item 6): without a
 * lab, a gateway is "unplugged" here, and the minute's cron — which `wrangler dev` does not run — is run on demand.
 *
 * - `POST /demo/device/{id}/offline` / `.../online` (Administrador, Técnico; the caller's gateway, else 404): the
 *   gateway goes offline (or online) NOW, with its `device_status_event`, as a hub's report or the sweep would write
 *   it. No rule is changed and nothing is backdated.
 * - `POST /demo/alerts/evaluate` (`{ minutesLater }`, 0 to 1 440): runs the alerts' minute evaluation
 *   (src/server/main/alerts/gateways.ts) as the cron would that many minutes from now — the demo's clock, so the
 *   e2e and a presenter need not wait the rule's 5 minutes.
 */
import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { apiRoute, type App } from '../shared/app';
import type { AppEnv } from '../shared/app-env';
import { notFound } from '../shared/errors';
import { errors, errorsOf, idParams, json, jsonBody } from '../shared/openapi';
import { evaluateGatewayAlerts } from '../main/alerts/gateways';
import { rawBatch } from '../vpn/routes/peer-report';
import { statusEventId } from '../vpn/routes/hubs/sweep';
import { isDemo } from './mode';

const TAG = 'Demonstração';
export const DEMO_DEVICE_NOT_FOUND = 'Gateway não encontrado.';

const demoOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isDemo(c.env)) return c.notFound();
  await next();
};

const evaluateSchema = z.object({
  minutesLater: z
    .number({ error: 'Informe de 0 a 1440 minutos.' })
    .int('Informe de 0 a 1440 minutos.')
    .min(0, 'Informe de 0 a 1440 minutos.')
    .max(1440, 'Informe de 0 a 1440 minutos.')
    .default(0),
});

const evaluationSchema = z.object({ offline: z.number().int(), online: z.number().int() });

function switchRoute(app: App, status: 'offline' | 'online') {
  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: `/demo/device/{id}/${status}`,
      hide: true,
      tags: [TAG],
      summary: status === 'offline' ? 'Simula um gateway offline (só no modo demonstração)' : 'Simula um gateway de volta (só no modo demonstração)',
      request: { params: idParams },
      responses: { 204: { description: 'Feito (já estava assim: nada muda).' }, ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const owner = c.var.principal.uid;
      const { id } = c.req.valid('param');
      const now = Date.now();
      const mine = sql`device.id = ${id} AND device.owner_uid = ${owner}`;
      const [found] = await c.var.db.all<{ id: string }>(sql`SELECT id FROM device WHERE ${mine}`);
      if (!found) throw notFound(DEMO_DEVICE_NOT_FOUND);
      // The transition's event first (only when it is one), then the status — as the hubs' report and sweep write them.
      const changes = sql`${mine} AND device.status <> ${status}`;
      await rawBatch(c.var.db, [
        sql`INSERT INTO device_status_event (id, owner_uid, device_id, status, at)
          SELECT ${statusEventId(sql`device.id`, status, now)}, device.owner_uid, device.id, ${status}, ${now} FROM device WHERE ${changes}
          ON CONFLICT DO NOTHING`,
        status === 'offline'
          ? sql`UPDATE device SET status = 'offline', comes_online_at = NULL WHERE ${changes}`
          : sql`UPDATE device SET status = 'online', last_seen_at = ${now}, comes_online_at = NULL WHERE ${changes}`,
      ]);
      return c.body(null, 204);
    },
  );
}

export function demoAlertRoutes(app: App) {
  for (const path of ['/demo/device/:id/offline', '/demo/device/:id/online', '/demo/alerts/evaluate']) app.use(path, demoOnly);
  switchRoute(app, 'offline');
  switchRoute(app, 'online');

  app.openapi(
    apiRoute({
      access: 'self',
      method: 'post',
      path: '/demo/alerts/evaluate',
      hide: true,
      tags: [TAG],
      summary: 'Avalia os alertas de gateways como o cron faria daqui a N minutos (só no modo demonstração)',
      request: jsonBody(evaluateSchema),
      responses: { 200: json(evaluationSchema, 'Quantos gateways alertaram, por evento.'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { minutesLater } = c.req.valid('json');
      const result = await evaluateGatewayAlerts(c.env, c.var.db, Date.now() + minutesLater * 60_000);
      const count = (outcomes: { alerted: string[] }[]) => outcomes.reduce((sum, outcome) => sum + outcome.alerted.length, 0);
      return c.json({ offline: count(result.offline), online: count(result.online) }, 200);
    },
  );
}
