/**
 * GET /backoffice/dashboard?tz=America/Sao_Paulo (staff only): orders per status, this month's revenue (the totals
 * of orders paid this month, in the staff member's time zone), builders, gateways online, active VPN users and
 * those whose access ends within 7 days, and orders placed per day over the last 14 days. An unknown zone → 400.
 */
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/contracts/dashboard';
import { apiRoute, type App } from '../../../shared/app';
import { validationError } from '../../../shared/errors';
import { errorsOf, json } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { backofficeDashboard } from './queries';
import { backofficeDashboardSchema, dashboardQuery } from './schemas';

// TODO: move to src/contracts/dashboard.ts (the demo and the portal dashboard say the same).
export const UNKNOWN_TIME_ZONE_MESSAGE = 'Fuso horário desconhecido.';

export function backofficeDashboardRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/dashboard',
      tags: ['Back office'],
      summary: 'A plataforma num relance: pedidos, receita do mês, montadoras, gateways, usuários VPN',
      request: { query: dashboardQuery },
      responses: {
        200: json(backofficeDashboardSchema, 'Os números.'),
        ...errorsOf([400, 401, 403]),
      },
    }),
    async (c) => {
      const timeZone = c.req.valid('query').tz ?? DEFAULT_TIME_ZONE;
      if (!isTimeZone(timeZone)) throw validationError(UNKNOWN_TIME_ZONE_MESSAGE, 'tz');
      return c.json(serialize(await backofficeDashboard(c.var.db, timeZone)) as never, 200);
    },
  );
}
