/**
 * "Gateway offline" and "Gateway de volta", evaluated every minute by the main Worker's cron (index.ts `scheduled`,
 * after the offline sweep) from the gateways' status transitions (`device_status_event`, written by the hubs'
 * reports and the sweep), read past a cursor (`alert_cursor` 'device_status_event': the table's `seq`, numbered by a
 * trigger in the order rows are written and never reused — unlike its rowid once the newest row is deleted, 0026):
 *
 * - an offline transition opens the gateway's outage (`gateway_outage`), an online one closes it;
 * - an outage that lasted the account's "Gateway offline" minutes (`after_minutes`, 5 by default) while the gateway is
 *   still offline is alerted once (`alerted_at`) — every such gateway of an account in one digest;
 * - an alerted outage that ends alerts "Gateway de volta" (a blip shorter than the minutes alerts nothing).
 *
 * The rules' quiet period (raise.ts) then keeps a flapping gateway to one alert.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_OFFLINE_AFTER_MINUTES } from '@/contracts/alerts';
import type { Db } from '../../shared/app-env';
import type { Env } from '../../shared/env';
import { rawBatch } from '../../vpn/routes/peer-report';
import { raiseAlerts, type RaiseOutcome } from './raise';
import { ALERT_TEXTS, type AlertOccurrence } from './texts';

/** The cursor's name for the gateways' status transitions. */
export const STATUS_CURSOR = 'device_status_event';
/** Transitions read per statement. */
const EVENTS_PER_READ = 2000;

interface StatusEventRow {
  position: number;
  ownerUid: string | null;
  deviceId: string;
  status: 'online' | 'offline';
  at: number;
}

interface Outage {
  ownerUid: string;
  offlineAt: number;
  alertedAt: number | null;
}

/** A gateway back after an alerted outage. */
interface Back {
  ownerUid: string;
  deviceId: string;
  offlineAt: number;
  at: number;
}

async function cursorPosition(db: Db): Promise<number> {
  const row = await db.get<{ position: number } | undefined>(sql`SELECT position FROM alert_cursor WHERE name = ${STATUS_CURSOR}`);
  if (row) return row.position;
  // The first evaluation starts at the transitions to come: the history before it alerts nothing.
  const last = await db.get<{ position: number | null }>(sql`SELECT max(seq) AS position FROM device_status_event`);
  const position = last.position ?? 0;
  await db.run(sql`INSERT INTO alert_cursor (name, position) VALUES (${STATUS_CURSOR}, ${position}) ON CONFLICT (name) DO NOTHING`);
  return position;
}

/**
 * Reads the transitions past the cursor into the outages (one batch per read: the outages' changes and the cursor
 * together); answers the gateways back after an alerted outage.
 */
export async function readStatusTransitions(db: Db): Promise<Back[]> {
  const back: Back[] = [];
  let position = await cursorPosition(db);
  for (;;) {
    const events = await db.all<StatusEventRow>(sql`
      SELECT seq AS position, owner_uid AS ownerUid, device_id AS deviceId, status, at FROM device_status_event
      WHERE seq > ${position} ORDER BY seq LIMIT ${EVENTS_PER_READ}`);
    const last = events.at(-1);
    if (!last) return back;
    const deviceIds = [...new Set(events.map((event) => event.deviceId))];
    const current = await db.all<Outage & { deviceId: string }>(sql`
      SELECT device_id AS deviceId, owner_uid AS ownerUid, offline_at AS offlineAt, alerted_at AS alertedAt FROM gateway_outage
      WHERE device_id IN (SELECT value FROM json_each(${JSON.stringify(deviceIds)}))`);
    const outages = new Map<string, Outage | null>(current.map(({ deviceId, ...outage }) => [deviceId, outage]));
    for (const event of events) {
      const open = outages.get(event.deviceId) ?? null;
      if (event.status === 'offline') {
        if (!open && event.ownerUid) outages.set(event.deviceId, { ownerUid: event.ownerUid, offlineAt: event.at, alertedAt: null });
      } else if (open) {
        if (open.alertedAt !== null) back.push({ ownerUid: open.ownerUid, deviceId: event.deviceId, offlineAt: open.offlineAt, at: event.at });
        outages.set(event.deviceId, null);
      }
    }
    const kept = [...outages].flatMap(([deviceId, outage]) => (outage ? [{ deviceId, ...outage }] : []));
    await rawBatch(db, [
      sql`DELETE FROM gateway_outage WHERE device_id IN (SELECT value FROM json_each(${JSON.stringify(deviceIds)}))`,
      sql`
        INSERT INTO gateway_outage (device_id, owner_uid, offline_at, alerted_at)
        SELECT j.value ->> 'deviceId', j.value ->> 'ownerUid', j.value ->> 'offlineAt', j.value ->> 'alertedAt'
        FROM json_each(${JSON.stringify(kept)}) AS j`,
      sql`UPDATE alert_cursor SET position = ${last.position} WHERE name = ${STATUS_CURSOR}`,
    ]);
    position = last.position;
    if (events.length < EVENTS_PER_READ) return back;
  }
}

interface DueOutage {
  deviceId: string;
  ownerUid: string;
  offlineAt: number;
}

/**
 * The outages that lasted their account's minutes with the gateway still offline, not alerted yet: marked alerted
 * now (one UPDATE claims them: two evaluations at once alert once) and answered.
 */
export async function claimDueOutages(db: Db, now: number): Promise<DueOutage[]> {
  return db.all<DueOutage>(sql`
    UPDATE gateway_outage SET alerted_at = ${now}
    FROM device
    WHERE device.id = gateway_outage.device_id AND device.owner_uid = gateway_outage.owner_uid AND device.status = 'offline'
      AND gateway_outage.alerted_at IS NULL
      AND gateway_outage.offline_at <= ${now} - 60000 * coalesce(
        (SELECT after_minutes FROM alert_rule WHERE alert_rule.owner_uid = gateway_outage.owner_uid AND alert_rule.event = 'gateway-offline'),
        ${DEFAULT_OFFLINE_AFTER_MINUTES})
    RETURNING device_id AS deviceId, owner_uid AS ownerUid, offline_at AS offlineAt`);
}

const minutesBetween = (from: number, to: number) => Math.max(1, Math.floor((to - from) / 60_000));

function byOwner<T extends { ownerUid: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.ownerUid, [...(groups.get(item.ownerUid) ?? []), item]);
  return groups;
}

async function deviceNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // One statement for any number of ids (a JSON array in one bound parameter).
  const rows = await db.all<{ id: string; name: string }>(
    sql`SELECT id, name FROM device WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What one evaluation alerted, per event (tests and logs). */
export interface GatewayEvaluation {
  offline: RaiseOutcome[];
  online: RaiseOutcome[];
}

/** The every-minute evaluation (see the module's comment); `now` is the cron's time. */
export async function evaluateGatewayAlerts(env: Env, db: Db, now = Date.now()): Promise<GatewayEvaluation> {
  const back = await readStatusTransitions(db);
  const due = await claimDueOutages(db, now);
  const names = await deviceNames(db, [...new Set([...due, ...back].map((item) => item.deviceId))]);
  const result: GatewayEvaluation = { offline: [], online: [] };
  for (const [owner, outages] of byOwner(due)) {
    const occurrences: AlertOccurrence[] = outages.map((outage) => {
      const name = names.get(outage.deviceId) ?? outage.deviceId;
      return { subject: { kind: 'device', id: outage.deviceId, label: name }, message: ALERT_TEXTS.gatewayOffline(name, minutesBetween(outage.offlineAt, now)) };
    });
    result.offline.push(await raiseAlerts(env, db, { owner, event: 'gateway-offline', at: now, occurrences }));
  }
  for (const [owner, items] of byOwner(back)) {
    const occurrences: AlertOccurrence[] = items.map((item) => {
      const name = names.get(item.deviceId) ?? item.deviceId;
      return { subject: { kind: 'device', id: item.deviceId, label: name }, message: ALERT_TEXTS.gatewayOnline(name, minutesBetween(item.offlineAt, item.at)) };
    });
    result.online.push(await raiseAlerts(env, db, { owner, event: 'gateway-online', at: now, occurrences }));
  }
  return result;
}
