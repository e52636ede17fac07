/** Every route module of the VPN API. */
import type { App } from '../../shared/app';
import { hubRoutes } from './hubs/routes';
import { vpnNodeRoutes } from './vpn-nodes/routes';
import { vpnRouteRoutes } from './vpn-routes/routes';
import { vpnUserRoutes } from './vpn-users/routes';

export function vpnRoutes(app: App) {
  vpnUserRoutes(app);
  vpnNodeRoutes(app);
  vpnRouteRoutes(app);
  hubRoutes(app);
}
