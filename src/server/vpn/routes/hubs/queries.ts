/**
 * /hub's SQL: a hub as the API answers it (its gateways counted, online while its last report is recent) and the
 * hub's own credential (`Authorization: Hub <token>`, kept only as its SHA-256).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { HUB_MESSAGES } from '@/contracts/hub';
import type { Db } from '../../../shared/app-env';
import { ApiError } from '../../../shared/errors';
import { vpnHub } from '../../db/vpn-schema';
import { sha256Hex } from '../wireguard';

/** A hub is online while its last report is this recent. */
export const HUB_ONLINE_WINDOW_MS = 90_000;

const gatewayCount = sql<number>`(SELECT count(*) FROM device WHERE device.hub_id = vpn_hub.id)`.as('gateway_count');

const columns = {
  id: vpnHub.id,
  name: vpnHub.name,
  region: vpnHub.region,
  endpointHost: vpnHub.endpointHost,
  endpointPort: vpnHub.endpointPort,
  publicKey: vpnHub.publicKey,
  lastReportAt: vpnHub.lastReportAt,
  appliedVersion: vpnHub.appliedVersion,
  health: vpnHub.health,
  peerCount: vpnHub.peerCount,
  gatewayCount,
  version: vpnHub.version,
  createdAt: vpnHub.createdAt,
  updatedAt: vpnHub.updatedAt,
};

type HubRow = Awaited<ReturnType<ReturnType<typeof selectHubs>['limit']>>[number];
const selectHubs = (db: Db) => db.select(columns).from(vpnHub);

/** The hub as the API answers it (before `serialize`). */
export function hubJson(row: HubRow, now = Date.now()) {
  const { lastReportAt, gatewayCount: count, ...rest } = row;
  return {
    ...rest,
    online: lastReportAt !== null && now - lastReportAt <= HUB_ONLINE_WINDOW_MS,
    lastReportAt,
    gatewayCount: Number(count),
  };
}
export type HubJson = ReturnType<typeof hubJson>;

export async function listHubs(db: Db, now = Date.now()): Promise<HubJson[]> {
  const rows = await selectHubs(db).orderBy(asc(vpnHub.name), asc(vpnHub.id));
  return rows.map((row) => hubJson(row, now));
}

export async function findHub(db: Db, id: string, now = Date.now()): Promise<HubJson | null> {
  const [row] = await selectHubs(db).where(eq(vpnHub.id, id)).limit(1);
  return row ? hubJson(row, now) : null;
}

const invalidCredential = () => new ApiError(401, 'hub-unauthenticated', HUB_MESSAGES.credentialInvalid);

/** The hub the request's `Authorization: Hub <token>` names (the same 401 for an unknown hub and a bad token). */
export async function authenticateHub(db: Db, request: Request, id: string) {
  const match = /^Hub\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  if (!match?.[1]) throw invalidCredential();
  const hash = await sha256Hex(match[1]);
  const [hub] = await db
    .select({ id: vpnHub.id, endpointPort: vpnHub.endpointPort, publicKey: vpnHub.publicKey, tokenHash: vpnHub.tokenHash })
    .from(vpnHub)
    .where(eq(vpnHub.id, id))
    .limit(1);
  if (!hub?.tokenHash || hub.tokenHash !== hash) throw invalidCredential();
  return hub;
}
