/**
 * `POST /hub/{id}/report`: the hub's public key (its first report registers it), the state version it applied, its
 * health and, per peer, what `wg show <if> dump` prints. Set-based, writing only what changed:
 * - one read batch: the hub's gateways, the active sessions through it and the VPN users reaching a machine on it,
 *   each with its key — so the report's keys become ids (the writes then find each row by its primary key);
 * - one write batch (src/server/vpn/routes/peer-report.ts: each kind's changes as ONE JSON string):
 *   the hub's gateways with a handshake within the window online (+ a status event on the transition) and last seen;
 *   its online gateways silent for longer offline (+ event) — the sweep, for this hub; the sessions' handshake (the
 *   first one is Histórico's `connected` event, once) and traffic; the VPN users' last handshake.
 * Three reads and at most eight writes, however many peers.
 */
import { eq, sql } from 'drizzle-orm';
import type { HubReport, HubReportAnswer } from '@/contracts/hub';
import type { Db } from '../../../shared/app-env';
import { vpnHub } from '../../db/vpn-schema';
import { rawBatch, reportedHandshakes, reportTable } from '../peer-report';
import { offlineSweepStatements, statusEventId } from './sweep';

interface Current {
  id: string;
  k: string;
  last: number | null;
}
interface Gateway extends Current {
  status: string;
}
interface Session extends Current {
  rx: number;
  tx: number;
}

/** The hub's peers as the database has them now (id, key, what a report may change). */
async function currentPeers(db: Db, hubId: string) {
  const [gateways = [], sessions = [], users = []] = await rawBatch(db, [
    sql`SELECT id, wg_public_key AS k, status, last_seen_at AS last FROM device WHERE hub_id = ${hubId} AND wg_public_key IS NOT NULL`,
    sql`SELECT s.id AS id, s.wg_public_key AS k, s.last_handshake_at AS last, s.bytes_in AS rx, s.bytes_out AS tx
      FROM remote_access_session s JOIN device d ON d.id = s.device_id
      WHERE d.hub_id = ${hubId} AND s.status = 'active' AND s.wg_public_key IS NOT NULL`,
    sql`SELECT DISTINCT u.id AS id, u.wg_public_key AS k, u.last_handshake_at AS last
      FROM vpn_user u, json_each(u.machine_ids) AS chosen JOIN machine m ON m.id = chosen.value JOIN device d ON d.id = m.device_id
      WHERE d.hub_id = ${hubId} AND u.enabled = 1 AND u.wg_public_key IS NOT NULL`,
  ]);
  return { gateways: gateways as unknown as Gateway[], sessions: sessions as unknown as Session[], users: users as unknown as Current[] };
}

export async function applyHubReport(db: Db, hubId: string, report: HubReport, now: number, windowMs: number): Promise<HubReportAnswer> {
  const seen = reportedHandshakes(report.peers, now);
  const current = await currentPeers(db, hubId);
  const since = now - windowMs;

  // What changed, by id.
  const online = current.gateways.flatMap((g) => {
    const h = seen.get(g.k)?.h ?? 0;
    return h >= since && (g.status !== 'online' || (g.last ?? 0) < h) ? [[g.id, h, 0, 0]] : [];
  });
  const sessions = current.sessions.flatMap((s) => {
    const peer = seen.get(s.k);
    return peer && ((s.last ?? 0) < peer.h || s.rx !== peer.rx || s.tx !== peer.tx) ? [[s.id, peer.h, peer.rx, peer.tx]] : [];
  });
  const users = current.users.flatMap((u) => {
    const h = seen.get(u.k)?.h ?? 0;
    return h > (u.last ?? 0) ? [[u.id, h, 0, 0]] : [];
  });

  const hubUpdate = db
    .update(vpnHub)
    .set({ publicKey: report.publicKey, appliedVersion: report.appliedVersion, health: report.health, peerCount: report.peers.length, lastReportAt: now })
    .where(eq(vpnHub.id, hubId));
  const [offlineEvents, offline] = offlineSweepStatements(now, windowMs, hubId);
  const gatewayRows = reportTable(JSON.stringify(online));
  const sessionRows = reportTable(JSON.stringify(sessions));
  const userRows = reportTable(JSON.stringify(users));
  const statements = [
    hubUpdate,
    // Online: the event only on the transition (read before the status changes). `+device.hub_id`: not an index
    // term, so SQLite reads r once and finds each gateway by its id.
    ...(online.length === 0
      ? []
      : [
          sql`${gatewayRows} INSERT INTO device_status_event (id, owner_uid, device_id, status, at)
            SELECT ${statusEventId(sql`device.id`, 'online', now)}, device.owner_uid, device.id, 'online', ${now}
            FROM r JOIN device ON device.id = r.id WHERE +device.hub_id = ${hubId} AND device.status <> 'online'
            ON CONFLICT DO NOTHING`,
          sql`${gatewayRows} UPDATE device SET status = 'online', last_seen_at = max(coalesce(device.last_seen_at, 0), r.h),
              comes_online_at = NULL
            FROM r WHERE device.id = r.id AND +device.hub_id = ${hubId}
              AND (device.status <> 'online' OR coalesce(device.last_seen_at, 0) < r.h)
            RETURNING id`,
        ]),
    offlineEvents,
    offline,
    ...(sessions.length === 0
      ? []
      : [
          // A session's first handshake is its `connected` event (its id derived from the session: once each).
          sql`${sessionRows} INSERT INTO remote_access_event (id, owner_uid, session_id, kind, machine_id, machine_name,
              requester_uid, requester_name, actor_uid, actor_name, reason, at)
            SELECT s.id || '-connected-' || r.h, s.owner_uid, s.id, 'connected', s.machine_id, s.machine_name, s.requester_uid,
              s.requester_name, NULL, NULL, '', r.h
            FROM r JOIN remote_access_session s ON s.id = r.id
            WHERE s.status = 'active' AND s.last_handshake_at IS NULL
            ON CONFLICT DO NOTHING`,
          sql`${sessionRows} UPDATE remote_access_session
            SET last_handshake_at = max(coalesce(last_handshake_at, 0), r.h), bytes_in = r.rx, bytes_out = r.tx,
              bytes_at = ${now}, handshake_due_at = NULL
            FROM r WHERE remote_access_session.id = r.id AND remote_access_session.status = 'active'
            RETURNING id`,
        ]),
    ...(users.length === 0
      ? []
      : [
          sql`${userRows} UPDATE vpn_user SET last_handshake_at = max(coalesce(last_handshake_at, 0), r.h), handshake_due_at = NULL
            FROM r WHERE vpn_user.id = r.id AND vpn_user.enabled = 1
            RETURNING id`,
        ]),
  ];
  const results = await rawBatch(db, statements);
  const gone = results[statements.indexOf(offline)] ?? [];
  return { gateways: online.length + gone.length, sessions: sessions.length, users: users.length };
}
