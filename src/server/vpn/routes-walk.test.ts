/**
 * Every route of the VPN Worker with who may call it, walked with each role on the demo seed
 * (src/server/testing/access-walk.ts). A new route fails the listing until it is added here.
 */
import { beforeAll, describe, it } from 'vitest';
import { checkListing, arrangeSeed, walkRoute, type RouteTable } from '../testing/access-walk';
import { app } from './index';

const TABLE: RouteTable = {
  'GET /vpn-user': { access: 'staff', path: '/vpn-user' },
  'GET /vpn-user/{id}': { access: 'staff', path: '/vpn-user/vpn-user-1001' },
  'POST /vpn-user': { access: 'staff', path: '/vpn-user' },
  'PUT /vpn-user/{id}': { access: 'staff', path: '/vpn-user/vpn-user-1001' },
  'POST /vpn-user/{id}/enable': { access: 'staff', path: '/vpn-user/vpn-user-1001/enable' },
  'POST /vpn-user/{id}/disable': { access: 'staff', path: '/vpn-user/vpn-user-1001/disable' },
  'DELETE /vpn-user/{id}': { access: 'staff', path: '/vpn-user/vpn-user-1001' },
  'GET /vpn-user/{id}/config': { access: 'staff', path: '/vpn-user/vpn-user-1001/config' },
  'GET /vpn-node': { access: 'staff', path: '/vpn-node' },
  'GET /vpn-node/{id}': { access: 'staff', path: '/vpn-node/vpn-node-1001' },
  'POST /vpn-node/{id}/credential': { access: 'staff', path: '/vpn-node/vpn-node-1001/credential' },
  // The node's own credential (Authorization: Node <token>), checked by the handler.
  'GET /vpn-node/{id}/peers': { access: 'public', path: '/vpn-node/vpn-node-1001/peers' },
  'POST /vpn-node/{id}/report': { access: 'public', path: '/vpn-node/vpn-node-1001/report' },
  'GET /vpn-route': { access: 'staff', path: '/vpn-route' },
  'GET /vpn-route/{id}': { access: 'staff', path: '/vpn-route/vpn-route-1001' },
  'POST /vpn-route': { access: 'staff', path: '/vpn-route' },
  'PUT /vpn-route/{id}': { access: 'staff', path: '/vpn-route/vpn-route-1001' },
  'POST /vpn-route/{id}/enable': { access: 'staff', path: '/vpn-route/vpn-route-1001/enable' },
  'POST /vpn-route/{id}/disable': { access: 'staff', path: '/vpn-route/vpn-route-1001/disable' },
  'DELETE /vpn-route/{id}': { access: 'staff', path: '/vpn-route/vpn-route-1001' },
  'GET /hub': { access: 'staff', path: '/hub' },
  'GET /hub/{id}': { access: 'staff', path: '/hub/hub-1001' },
  'POST /hub': { access: 'staff', path: '/hub' },
  'PATCH /hub/{id}': { access: 'staff', path: '/hub/hub-1001' },
  'POST /hub/{id}/credential': { access: 'staff', path: '/hub/hub-1001/credential' },
  'POST /hub/{id}/gateway': { access: 'staff', path: '/hub/hub-1001/gateway' },
  // The hub's own credential (Authorization: Hub <token>), checked by the handler.
  'GET /hub/{id}/state': { access: 'public', path: '/hub/hub-1001/state' },
  'POST /hub/{id}/report': { access: 'public', path: '/hub/hub-1001/report' },
};

describe('VPN API: every route, every role', () => {
  beforeAll(arrangeSeed);

  it('lists every route it serves, documented with its access', () => {
    checkListing(app, TABLE);
  });

  it.each(Object.entries(TABLE))('%s', async (key, rule) => {
    await walkRoute(app, key, rule);
  });
});
