/**
 * The demo's simulation (demo mode only; issue 34 keeps it here, apart from the real status the hubs report):
 * - a never-connected gateway whose configuration was downloaded comes online once its time has come
 *   (`comes_online_at`) — status online, last seen then;
 * - a VPN user's downloaded configuration gets its handshake from the simulated node once due (`handshake_due_at`).
 * Telemetry, not edits: versions stay. Reads settle the due ones first, as the demo does. A hub's report clears
 * both columns for what it reports, so a real hub's word replaces the simulation.
 */
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../shared/app-env';
import type { Env } from '../shared/env';
import { isDemo } from './mode';
import { device } from '../main/db/device-schema';
import { machine } from '../main/db/fleet-schema';
import { vpnNode, vpnUser } from '../vpn/db/vpn-schema';
import { inJson } from '../vpn/routes/lookups';

/** How long after its first configuration download a never-connected gateway of the demo comes online. */
export const DEVICE_ONLINE_DELAY_MS = 8000;

/** Brings the due gateways online (of `owner`, or of every account); returns how many. */
export async function settleDueDevices(db: Db, owner?: string, now = Date.now()): Promise<number> {
  const settled = await db
    .update(device)
    .set({ status: 'online', lastSeenAt: sql`${device.comesOnlineAt}`, comesOnlineAt: null })
    .where(
      and(
        owner === undefined ? undefined : eq(device.ownerUid, owner),
        isNotNull(device.comesOnlineAt),
        lte(device.comesOnlineAt, now),
      ),
    )
    .returning({ id: device.id });
  return settled.length;
}

/** `settleDueDevices` for the caller's account, in demo mode only (outside it nothing is ever due). */
export async function settleInDemo(env: Env, db: Db, owner: string): Promise<void> {
  if (isDemo(env)) await settleDueDevices(db, owner);
}

/**
 * Demo: the simulated node reports the handshake of a downloaded configuration once its time has come (settled on
 * read): the user's last handshake, and the nodes of its machines' gateways. Telemetry, not an edit: versions stay.
 */
export async function settleHandshakes(db: Db, now = Date.now()): Promise<void> {
  const due = await db
    .select({ id: vpnUser.id, machineIds: vpnUser.machineIds, at: vpnUser.handshakeDueAt })
    .from(vpnUser)
    .where(and(isNotNull(vpnUser.handshakeDueAt), lte(vpnUser.handshakeDueAt, now)));
  const writes = due.flatMap((user) => {
    const at = user.at ?? now;
    const reported = db
      .update(vpnUser)
      .set({ lastHandshakeAt: at, handshakeDueAt: null })
      .where(and(eq(vpnUser.id, user.id), eq(vpnUser.handshakeDueAt, at)));
    if (user.machineIds.length === 0) return [reported];
    const nodes = db
      .update(vpnNode)
      .set({ lastHandshakeAt: sql`max(coalesce(${vpnNode.lastHandshakeAt}, 0), ${at})` })
      .where(sql`${vpnNode.deviceId} IN (SELECT ${machine.deviceId} FROM ${machine} WHERE ${inJson(machine.id, user.machineIds)})`);
    return [reported, nodes];
  });
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
}
