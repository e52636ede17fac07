/**
 * The demo VPN backend (on `ctx.vpnApiUrl`, staff only: a customer's token gets 403 everywhere): users, nodes,
 * routes and hubs; plus the main backend's staff view of every builder's machines, which the VPN screen picks from.
 */
import type { HandlerContext } from '@/testing/fake-api/http';
import { backofficeMachineHandlers } from './backoffice-machines';
import { hubHandlers } from './hubs';
import { vpnNodeHandlers } from './nodes';
import { vpnRouteHandlers } from './routes';
import { vpnUserHandlers } from './users';

export function vpnHandlers(ctx: HandlerContext) {
  return [...vpnUserHandlers(ctx), ...vpnNodeHandlers(ctx), ...vpnRouteHandlers(ctx), ...hubHandlers(ctx), ...backofficeMachineHandlers(ctx)];
}
