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
import { deleteErasedIdentities } from './routes/account-data/identities';
import { teamRoutes } from './routes/team/routes';
import { notificationRoutes } from './routes/notifications/routes';
import { backofficeMailRoutes } from './routes/backoffice-mail/routes';
import { backofficeStaffRoutes } from './routes/backoffice-staff/routes';
import { newsletterRoutes } from './routes/newsletter/routes';
import { cspReportRoutes, purgeCspReports } from './routes/csp-reports/routes';
import { paymentPlatformRoutes } from './routes/payment-platforms/routes';
import { paymentMethodRoutes } from './routes/payment-methods/routes';
import { discountRuleRoutes } from './routes/discount-rules/routes';
import { backofficeCatalogRoutes } from './routes/backoffice-catalog/routes';
import { backofficeOrderRoutes } from './routes/backoffice-orders/routes';
import { deviceRoutes } from './routes/devices/routes';
import { backofficeAssemblerRoutes } from './routes/backoffice-assemblers/routes';
import { backofficeDashboardRoutes } from './routes/backoffice-dashboard/routes';
import { backofficeSearchRoutes } from './routes/backoffice-search/routes';
import { demoRoutes } from '../demo/routes';
import { demoAlertRoutes } from '../demo/alert-routes';
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
import { auditLogRoutes } from './routes/audit-log/routes';
import { verifiedEmailGuard } from '../shared/verified';
import { releaseUnverifiedHolds } from './routes/account/holds';
import { gatewayOnlineWindow, sweepOfflineGateways } from '../vpn/routes/hubs/sweep';
import { alertRuleRoutes } from './routes/alerts/routes';
import { portalNotificationRoutes } from './routes/portal-notifications/routes';
import { evaluateGatewayAlerts } from './alerts/gateways';
import { alertsAfterAnswer } from './alerts/after-answer';
import { consumeMail } from './mail/consumer';
import type { MailMessage } from './mail/outbox';
import { webhookRoutes } from './routes/webhooks/routes';
import { termsRoutes } from './routes/terms/routes';
import { demoWebhookReceiverRoutes } from './routes/webhooks/demo-receiver';
import { consumeWebhooks } from './webhooks/consumer';
import type { WebhookMessage } from './webhooks/deliver';

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
  ['Back office — payment platforms and methods, discount rules, orders', [paymentPlatformRoutes, paymentMethodRoutes, discountRuleRoutes, backofficeCatalogRoutes, backofficeOrderRoutes]],
  ['Portal — devices (gateways)', [deviceRoutes]],
  ['Back office — dashboard, search, assemblers, e-mails', [backofficeDashboardRoutes, backofficeSearchRoutes, backofficeAssemblerRoutes, backofficeMailRoutes]],
  ['Demo mode (reset, clock, simulation)', [demoRoutes, demoAlertRoutes]],
  [
    'Portal — machine models, machines, dashboard, addresses, catalogue, orders and their payment',
    [machineModelRoutes, machineRoutes, dashboardRoutes, addressRoutes, catalogRoutes, orderRoutes, orderPaymentRoutes, paymentWebhookRoutes],
  ],
  [
    'Remote access — portal, back office, history, factory approval',
    [remoteAccessRoutes, remoteAccessReadRoutes, backofficeRemoteAccessRoutes, remoteAccessHistoryRoutes, factoryApprovalRoutes],
  ],
  ['Audit log — portal and back office', [auditLogRoutes]],
  ['Alerts — rules and portal notifications', [alertRuleRoutes, portalNotificationRoutes]],
  ['Webhooks — endpoints, deliveries, the demo receiver', [webhookRoutes, demoWebhookReceiverRoutes]],
  ['Termos de Uso — the version each account accepted', [termsRoutes]],
  ['Back office — internal staff (Firebase admin claim)', [backofficeStaffRoutes]],
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
// Alerts a request raised run after its successful answer (src/server/main/alerts/after-answer.ts).
app.use('*', alertsAfterAnswer);
for (const [, modules] of ROUTE_GROUPS) for (const register of modules) register(app);

export default {
  fetch: app.fetch,
  async scheduled(controller: ScheduledController, env: Env) {
    const db = drizzle(databaseOf(env));
    // Every minute: gateways whose hub stopped seeing them go offline (issue 34; hubs that report only).
    if (controller.cron === EVERY_MINUTE) {
      await sweepOfflineGateways(db, Date.now(), gatewayOnlineWindow(env));
      // Then the alerts the transitions cause ("Gateway offline" after its minutes, "Gateway de volta").
      await evaluateGatewayAlerts(env, db, Date.now());
      return;
    }
    await purgeIdempotencyKeys(db);
    await eraseDueAccounts(db);
    // The erased accounts' people's Firebase identities (issue 38; failures stay queued for tomorrow).
    await deleteErasedIdentities(env, db);
    await purgeDeletedAccessRecords(db);
    await purgeCspReports(db);
    await purgeExpiredRows(db);
    await releaseUnverifiedHolds(db);
  },
  // The queues this Worker consumes (wrangler.jsonc), by name.
  async queue(batch: MessageBatch<unknown>, env: Env) {
    // `ponte-mail`: every e-mail leaves through it (src/server/main/mail/).
    if (batch.queue === 'ponte-mail') {
      await consumeMail(batch as MessageBatch<MailMessage>, env);
      return;
    }
    // `ponte-webhook`: every webhook delivery is signed and sent through it (src/server/main/webhooks/).
    if (batch.queue === 'ponte-webhook') {
      await consumeWebhooks(batch as MessageBatch<WebhookMessage>, env);
      return;
    }
    console.error(`queue: no consumer for ${batch.queue}; ${batch.messages.length} message(s) retried`);
    batch.retryAll();
  },
} satisfies ExportedHandler<Env>;
