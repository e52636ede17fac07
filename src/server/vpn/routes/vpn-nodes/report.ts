/**
 * What a node reports of its peers (`POST /vpn-node/{id}/report`, the node's own credential): for each peer its
 * public key, its latest handshake and its byte counters, as `wg show <interface> dump` prints them. The report is
 * the truth the screens show once a real node runs: a remote-access session's last handshake (its first one is the
 * `connected` event of Histórico) and its traffic, a VPN user's last handshake, and the node's. Only peers the node
 * may have are touched: the owner's active sessions on a machine of the node's gateway, the VPN users that reach
 * it. One batch, set-based over the report (src/server/vpn/routes/peer-report.ts), so a node with many peers costs
 * five statements; peers that never shook hands are not read.
 */
import { z } from '@hono/zod-openapi';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isWireguardKey, PUBLIC_KEY_MESSAGE } from '@/contracts/remote-access';
import type { Db } from '../../../shared/app-env';
import { machine } from '../../../main/db/fleet-schema';
import { remoteAccessEvent, remoteAccessSession } from '../../../main/db/remote-access-schema';
import { vpnNode, vpnUser } from '../../db/vpn-schema';
import { reportedPeersJson } from '../peer-report';

/** At most this many peers a report (a node serves one gateway's machines: far fewer). */
export const MAX_REPORTED_PEERS = 1000;

export const nodeReportSchema = z
  .object({
    peers: z
      .array(
        z.object({
          publicKey: z.string({ error: PUBLIC_KEY_MESSAGE }).refine(isWireguardKey, { error: PUBLIC_KEY_MESSAGE }),
          latestHandshake: z
            .number({ error: 'Informe o último handshake (segundos desde 1970; 0 quando nunca houve).' })
            .int({ error: 'O último handshake é um número inteiro de segundos.' })
            .min(0, { error: 'O último handshake não pode ser negativo.' }),
          rxBytes: z.number({ error: 'Informe os bytes recebidos.' }).int().min(0, { error: 'Bytes não podem ser negativos.' }),
          txBytes: z.number({ error: 'Informe os bytes enviados.' }).int().min(0, { error: 'Bytes não podem ser negativos.' }),
        }),
      )
      .max(MAX_REPORTED_PEERS, { error: `No máximo ${MAX_REPORTED_PEERS} pares por relatório.` }),
  })
  .openapi('VpnNodeReport');

export const nodeReportAnswerSchema = z
  .object({
    sessions: z.number().int().openapi({ description: 'Sessões de acesso remoto atualizadas.' }),
    users: z.number().int().openapi({ description: 'Usuários VPN atualizados.' }),
  })
  .openapi('VpnNodeReportAnswer');

export type NodeReport = z.infer<typeof nodeReportSchema>;

export async function applyNodeReport(db: Db, node: { id: string; ownerUid: string; deviceId: string }, report: NodeReport, now: number) {
  const peers = reportedPeersJson(report.peers, now);
  if (peers === null) return { sessions: 0, users: 0 };
  const at = { k: '$[0]', h: '$[1]', rx: '$[2]', tx: '$[3]' } as const;
  const field = (key: SqlValue, name: 'h' | 'rx' | 'tx') =>
    sql`(SELECT json_extract(value, ${at[name]}) FROM json_each(${peers}) WHERE json_extract(value, '$[0]') = ${key})`;
  const reported = (key: SqlValue) => sql`${key} IN (SELECT json_extract(value, '$[0]') FROM json_each(${peers}))`;

  const s = remoteAccessSession;
  const sessions = and(eq(s.ownerUid, node.ownerUid), eq(s.deviceId, node.deviceId), eq(s.status, 'active'), reported(s.wgPublicKey));
  const handshake = field(s.wgPublicKey, 'h');
  const firstHandshake = and(sessions, isNull(s.lastHandshakeAt), sql`${handshake} > 0`);
  const reachesGateway = sql`EXISTS (SELECT 1 FROM json_each(${vpnUser.machineIds}) AS chosen
    JOIN ${machine} ON ${machine.id} = chosen.value WHERE ${machine.deviceId} = ${node.deviceId})`;
  const latest = sql`(SELECT max(json_extract(value, '$[1]')) FROM json_each(${peers}))`;

  const [, updated, users] = await db.batch([
    // A session's first handshake is its `connected` event (its id derived from the session: once each).
    db
      .insert(remoteAccessEvent)
      .select(
        sql`SELECT ${s.id} || '-connected-' || ${handshake}, ${s.ownerUid}, ${s.id}, 'connected', ${s.machineId}, ${s.machineName},
          ${s.requesterUid}, ${s.requesterName}, NULL, NULL, '', ${handshake} FROM ${s} WHERE ${firstHandshake}`,
      )
      .onConflictDoNothing(),
    db
      .update(s)
      .set({
        lastHandshakeAt: sql`CASE WHEN ${handshake} > 0 THEN max(coalesce(${s.lastHandshakeAt}, 0), ${handshake}) ELSE ${s.lastHandshakeAt} END`,
        bytesIn: sql`${field(s.wgPublicKey, 'rx')}`,
        bytesOut: sql`${field(s.wgPublicKey, 'tx')}`,
        bytesAt: now,
        // The node's word replaces the demo's simulated handshake.
        handshakeDueAt: null,
      })
      .where(sessions)
      .returning({ id: s.id }),
    db
      .update(vpnUser)
      .set({
        lastHandshakeAt: sql`max(coalesce(${vpnUser.lastHandshakeAt}, 0), ${field(vpnUser.wgPublicKey, 'h')})`,
        handshakeDueAt: null,
      })
      .where(and(eq(vpnUser.enabled, true), reported(vpnUser.wgPublicKey), sql`${field(vpnUser.wgPublicKey, 'h')} > 0`, reachesGateway))
      .returning({ id: vpnUser.id }),
    db
      .update(vpnNode)
      .set({ lastHandshakeAt: sql`max(coalesce(${vpnNode.lastHandshakeAt}, 0), ${latest})` })
      .where(and(eq(vpnNode.id, node.id), sql`${latest} > 0`)),
  ]);
  return { sessions: updated.length, users: users.length };
}

type SqlValue = Parameters<typeof eq>[0];
