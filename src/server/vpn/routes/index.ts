/** Every route module of the VPN API. */
import type { App } from '../../shared/app';
import { hubRoutes } from './hubs/routes';
import { vpnNodeRoutes } from './vpn-nodes/routes';
import { vpnRouteRoutes } from './vpn-routes/routes';
import { vpnUserRoutes } from './vpn-users/routes';

/** In registration order (Hono matches in that order): VPN users, nodes, routes, hubs. */
export const VPN_ROUTE_MODULES: readonly ((app: App) => void)[] = [vpnUserRoutes, vpnNodeRoutes, vpnRouteRoutes, hubRoutes];

export function vpnRoutes(app: App) {
  for (const register of VPN_ROUTE_MODULES) register(app);
}
