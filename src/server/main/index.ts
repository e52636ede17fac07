/**
 * The main API Worker (`api.` sub-domain; `wrangler dev` on :8787): the portal's and the back office's resources.
 * Each resource adds its routes here; `GET /openapi.json` describes them all.
 */
import { createApp, type App } from '../shared/app';
import type { Env } from '../shared/env';
import { drizzle } from 'drizzle-orm/d1';
import { purgeIdempotencyKeys } from '../shared/idempotency';
import { customerRoutes } from './routes/customers/routes';
import { backofficeMachineRoutes } from './routes/backoffice-machines/routes';
import { accountRoutes } from './routes/account/routes';
import { accountDataRoutes } from './routes/account-data/routes';
import { purgeDeletedAccessRecords } from './routes/account-data/deletion';
import { eraseDueAccounts } from './routes/account-data/grace';
import { teamRoutes } from './routes/team/routes';
import { notificationRoutes } from './routes/notifications/routes';
import { newsletterRoutes } from './routes/newsletter/routes';
import { cspReportRoutes, purgeCspReports } from './routes/csp-reports/routes';
import { paymentPlatformRoutes } from './routes/payment-platforms/routes';
import { paymentMethodRoutes } from './routes/payment-methods/routes';
import { discountRuleRoutes } from './routes/discount-rules/routes';
import { backofficeOrderRoutes } from './routes/backoffice-orders/routes';
import { deviceRoutes } from './routes/devices/routes';
import { backofficeAssemblerRoutes } from './routes/backoffice-assemblers/routes';
import { backofficeDashboardRoutes } from './routes/backoffice-dashboard/routes';
import { backofficeSearchRoutes } from './routes/backoffice-search/routes';
import { demoRoutes } from '../demo/routes';
import { machineModelRoutes } from './routes/machine-models/routes';
import { machineRoutes } from './routes/machines/routes';
import { dashboardRoutes } from './routes/dashboard/routes';
import { addressRoutes } from './routes/addresses/routes';
import { catalogRoutes } from './routes/catalog/routes';
import { orderRoutes } from './routes/orders/routes';
import { orderPaymentRoutes } from './routes/orders/payment-routes';
import { paymentWebhookRoutes } from './routes/orders/webhook';
import { remoteAccessReadRoutes } from './routes/remote-access/read-routes';
import { remoteAccessRoutes } from './routes/remote-access/routes';
import { backofficeRemoteAccessRoutes } from './routes/remote-access/backoffice-routes';
import { remoteAccessHistoryRoutes } from './routes/remote-access/history-routes';
import { factoryApprovalRoutes } from './routes/remote-access/factory-routes';
import { databaseOf } from '../shared/local-d1';
import { rateLimits } from '../shared/rate-limit';
import { purgeExpiredRows } from './purge';
import { verifiedEmailGuard } from '../shared/verified';
import { releaseUnverifiedHolds } from './routes/account/holds';
import { gatewayOnlineWindow, sweepOfflineGateways } from '../vpn/routes/hubs/sweep';

/** Adds one resource's routes to the app. */
type RouteModule = (app: App) => void;

/**
 * Every route module, in registration order: Hono matches in that order, so a module keeps its place (a new one
 * goes into its group, after the modules whose paths it could shadow). The groups are labels for the reader; a
 * module appears once.
 */
export const ROUTE_GROUPS: readonly (readonly [group: string, modules: readonly RouteModule[]])[] = [
  ['Portal — customers', [customerRoutes]],
  ['Back office — machines', [backofficeMachineRoutes]],
  ['Account, team, notifications, newsletter, CSP reports', [accountRoutes, accountDataRoutes, teamRoutes, notificationRoutes, newsletterRoutes, cspReportRoutes]],
  ['Back office — payment platforms and methods, discount rules, orders', [paymentPlatformRoutes, paymentMethodRoutes, discountRuleRoutes, backofficeOrderRoutes]],
  ['Portal — devices (gateways)', [deviceRoutes]],
  ['Back office — dashboard, search, assemblers', [backofficeDashboardRoutes, backofficeSearchRoutes, backofficeAssemblerRoutes]],
  ['Demo mode (reset, clock, simulation)', [demoRoutes]],
  [
    'Portal — machine models, machines, dashboard, addresses, catalogue, orders and their payment',
    [machineModelRoutes, machineRoutes, dashboardRoutes, addressRoutes, catalogRoutes, orderRoutes, orderPaymentRoutes, paymentWebhookRoutes],
  ],
  [
    'Remote access — portal, back office, history, factory approval',
    [remoteAccessRoutes, remoteAccessReadRoutes, backofficeRemoteAccessRoutes, remoteAccessHistoryRoutes, factoryApprovalRoutes],
  ],
];

/** The offline sweep's cron (wrangler.jsonc); the other one, daily, purges. */
const EVERY_MINUTE = '* * * * *';

export const app = createApp({
  title: 'Ponte IIoT — API principal',
  description:
    'A API do portal e do back office. Autenticação: `Authorization: Bearer <Firebase ID token>`. Erros: ' +
    '`{ error: { code, message } }` (mensagem em português). Datas: `{ seconds, nanos }`. Dinheiro: centavos. ' +
    'Criações exigem `Idempotency-Key`; alterações, `If-Match: <versão>`.',
});

// No buying, inviting or connecting before the e-mail is verified (issue 35): before every route.
app.use('*', verifiedEmailGuard);
// Before the routes: the limits run before their guards (src/server/shared/rate-limit.ts).
rateLimits(app);
for (const [, modules] of ROUTE_GROUPS) for (const register of modules) register(app);

export default {
  fetch: app.fetch,
  async scheduled(controller: ScheduledController, env: Env) {
    const db = drizzle(databaseOf(env));
    // Every minute: gateways whose hub stopped seeing them go offline (issue 34; hubs that report only).
    if (controller.cron === EVERY_MINUTE) {
      await sweepOfflineGateways(db, Date.now(), gatewayOnlineWindow(env));
      return;
    }
    await purgeIdempotencyKeys(db);
    await eraseDueAccounts(db);
    await purgeDeletedAccessRecords(db);
    await purgeCspReports(db);
    await purgeExpiredRows(db);
    await releaseUnverifiedHolds(db);
  },
} satisfies ExportedHandler<Env>;
