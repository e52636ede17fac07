/**
 * Which hub a gateway goes through (issue 34). A gateway is assigned once, to the hub with the fewest gateways (ties
 * by id), when it is created or — when it has none yet — when its configuration (or a remote-access profile through
 * it) is first made. Staff move it with `POST /hub/{id}/gateway`.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { HUB_MESSAGES } from '@/contracts/hub';
import type { Db } from '../../../shared/app-env';
import { ApiError } from '../../../shared/errors';
import { device } from '../../../main/db/device-schema';
import { vpnHub } from '../../db/vpn-schema';

/** What a configuration file needs of a gateway's hub. */
export interface GatewayHub {
  id: string;
  name: string;
  endpointHost: string;
  endpointPort: number;
  publicKey: string;
}

const gatewayCount = sql<number>`(SELECT count(*) FROM device WHERE device.hub_id = vpn_hub.id)`;

/** The hub with the fewest gateways (ties: the smallest id); null when there is no hub. */
export async function leastLoadedHub(db: Db): Promise<string | null> {
  const [row] = await db.select({ id: vpnHub.id }).from(vpnHub).orderBy(asc(gatewayCount), asc(vpnHub.id)).limit(1);
  return row?.id ?? null;
}

/**
 * The gateway's hub, assigning the least loaded one when it has none. 409 `HUB_MESSAGES.noHub` when no hub exists,
 * 409 `HUB_MESSAGES.hubNotRegistered` when its hub has not reported its public key yet; 404 for an unknown gateway.
 */
export async function gatewayHub(db: Db, deviceId: string): Promise<GatewayHub> {
  const [gateway] = await db.select({ hubId: device.hubId }).from(device).where(eq(device.id, deviceId)).limit(1);
  if (!gateway) throw new ApiError(404, 'not-found', 'Gateway não encontrado.');
  let hubId = gateway.hubId;
  if (!hubId) {
    hubId = await leastLoadedHub(db);
    if (!hubId) throw new ApiError(409, 'no-hub', HUB_MESSAGES.noHub);
    // Only when still unassigned (two downloads at once agree on the first one's choice).
    await db.update(device).set({ hubId }).where(and(eq(device.id, deviceId), isNull(device.hubId)));
    const [again] = await db.select({ hubId: device.hubId }).from(device).where(eq(device.id, deviceId)).limit(1);
    hubId = again?.hubId ?? hubId;
  }
  const [hub] = await db
    .select({ id: vpnHub.id, name: vpnHub.name, endpointHost: vpnHub.endpointHost, endpointPort: vpnHub.endpointPort, publicKey: vpnHub.publicKey })
    .from(vpnHub)
    .where(eq(vpnHub.id, hubId))
    .limit(1);
  if (!hub) throw new ApiError(409, 'no-hub', HUB_MESSAGES.noHub);
  if (!hub.publicKey) throw new ApiError(409, 'hub-not-registered', HUB_MESSAGES.hubNotRegistered);
  return { ...hub, publicKey: hub.publicKey };
}
