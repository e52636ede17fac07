/**
 * The unit tests' API: MSW handlers answering as the Workers do (src/server is the backend and the source of
 * truth; this is its in-memory stand-in, so a screen's test needs no workerd), on the demo seed (src/seed).
 * Never in a build (the budget fails a page that fetches it).
 */
import { delay, http } from 'msw';
import { memoryFaults, type FaultSource } from './fault-rules';
import { faultHandlers } from './faults';
import type { DemoDb } from './db';
import { apiError, authenticate, type HandlerContext } from './http';
import { routeByPrefix } from './router';
import { accountHandlers } from './resources/account/handlers';
import { accountDataHandlers } from './resources/account-data/handlers';
import { backofficeSearchHandlers } from './resources/backoffice-search/handlers';
import { backofficeDashboardHandlers } from './resources/backoffice-dashboard/handlers';
import { addressHandlers } from './resources/addresses/handlers';
import { catalogHandlers } from './resources/catalog/handlers';
import { customerHandlers } from './resources/customers/handlers';
import { deviceHandlers } from './resources/devices/handlers';
import { discountRuleHandlers } from './resources/discount-rules/handlers';
import { dashboardHandlers } from './resources/dashboard/handlers';
import { machineModelHandlers } from './resources/machine-models/handlers';
import { machineHandlers } from './resources/machines/handlers';
import { newsletterHandlers } from './resources/newsletter/handlers';
import { notificationHandlers } from './resources/notifications/handlers';
import { paymentMethodHandlers } from './resources/payment-methods/handlers';
import { paymentPlatformHandlers } from './resources/payment-platforms/handlers';
import { vpnHandlers } from './resources/vpn/handlers';
import { remoteAccessHandlers } from './resources/remote-access/handlers';
import { factoryApprovalHandlers } from './resources/remote-access/factory-handlers';
import { remoteAccessStaffHandlers } from './resources/remote-access/staff-handlers';
import { rolePolicy } from './resources/team/policy';
import { teamHandlers } from './resources/team/handlers';
import { orderHandlers } from './resources/orders/handlers';
import { backofficeOrderHandlers } from './resources/backoffice-orders/handlers';

export interface HandlerOptions {
  db: DemoDb;
  apiUrl: string;
  vpnApiUrl: string;
  projectId?: string;
  faults?: FaultSource;
  /** Simulated network latency in ms (the browser demo uses a little; tests none). */
  latencyMs?: number;
}

/** The demo backend: the same handlers serve the browser demo and the tests. */
export function createHandlers(options: HandlerOptions) {
  const ctx: HandlerContext = {
    db: options.db,
    apiUrl: options.apiUrl,
    vpnApiUrl: options.vpnApiUrl,
    projectId: options.projectId ?? 'demo-ponte',
  };
  const latency = options.latencyMs ?? 0;
  const notFoundRoute = ({ request }: { request: Request }) => {
    const auth = authenticate(request, ctx);
    if ('response' in auth) return auth.response;
    return apiError(404, 'route-not-found', `Rota inexistente: ${request.method} ${new URL(request.url).pathname}`);
  };

  return routeByPrefix(
    [ctx.apiUrl, ctx.vpnApiUrl],
    [
    // The roles of the account's team, for every resource in one place: 403 for a change the role may not make.
    http.all(`${ctx.apiUrl}/*`, rolePolicy(ctx)),
    ...(latency > 0
      ? [http.all(`${ctx.apiUrl}/*`, () => delay(latency)), http.all(`${ctx.vpnApiUrl}/*`, () => delay(latency))]
      : []),
    ...faultHandlers(ctx, options.faults ?? memoryFaults()),
    ...newsletterHandlers(ctx),
    ...accountHandlers(ctx),
    ...accountDataHandlers(ctx),
    ...teamHandlers(ctx),
    ...notificationHandlers(ctx),
    ...backofficeSearchHandlers(ctx),
    ...customerHandlers(ctx),
    ...addressHandlers(ctx),
    // Before the devices and the dashboard: orders settle the payments due (and provision) on their requests too.
    ...orderHandlers(ctx),
    ...backofficeOrderHandlers(ctx),
    ...catalogHandlers(ctx),
    ...deviceHandlers(ctx),
    ...dashboardHandlers(ctx),
    ...backofficeDashboardHandlers(ctx),
    // Before the machines': `POST /machine/:id/remote-access` is remote access's.
    ...remoteAccessHandlers(ctx),
    ...factoryApprovalHandlers(ctx),
    ...remoteAccessStaffHandlers(ctx),
    ...machineHandlers(ctx),
    ...machineModelHandlers(ctx),
    ...paymentPlatformHandlers(ctx),
    ...paymentMethodHandlers(ctx),
    ...discountRuleHandlers(ctx),
    ...vpnHandlers(ctx),
    http.all(`${ctx.apiUrl}/*`, notFoundRoute),
    http.all(`${ctx.vpnApiUrl}/*`, notFoundRoute),
    ],
    // A change answers once it is stored (a reload right after keeps it). Reads never wait: a read that settles
    // something due (a payment confirmed) is stored a moment later, and the large demo's lists stay quick.
    (request) => (request.method === 'GET' || request.method === 'HEAD' ? Promise.resolve() : options.db.settle()),
  );
}
