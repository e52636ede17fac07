/** Drizzle tables of migrations/0008_remote_access.sql (keep the two in step). Owned: the owner is in every WHERE. */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { RemoteAccessAwaiting, RemoteAccessEventKind, RemoteAccessService, RemoteAccessStatus } from '@/contracts/remote-access';

export const remoteAccessPolicy = sqliteTable('remote_access_policy', {
  ownerUid: text('owner_uid').primaryKey(),
  requireApproval: integer('require_approval', { mode: 'boolean' }).notNull(),
  maxDurationHours: integer('max_duration_hours').notNull(),
  version: integer('version').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const remoteAccessSession = sqliteTable('remote_access_session', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  machineId: text('machine_id').notNull(),
  machineName: text('machine_name').notNull(),
  deviceId: text('device_id').notNull(),
  requesterUid: text('requester_uid').notNull(),
  requesterName: text('requester_name').notNull(),
  requesterEmail: text('requester_email').notNull(),
  reason: text('reason').notNull(),
  durationHours: integer('duration_hours').notNull(),
  /** JSON array of the chosen services. */
  services: text('services', { mode: 'json' }).$type<RemoteAccessService[]>().notNull(),
  lanSubnet: text('lan_subnet').notNull(),
  status: text('status').$type<RemoteAccessStatus>().notNull(),
  windowStart: integer('window_start'),
  windowEnd: integer('window_end'),
  wgPublicKey: text('wg_public_key'),
  tunnelAddress: text('tunnel_address').notNull(),
  decidedByUid: text('decided_by_uid'),
  decidedByName: text('decided_by_name'),
  decidedAt: integer('decided_at'),
  refusalReason: text('refusal_reason'),
  endedByUid: text('ended_by_uid'),
  endedByName: text('ended_by_name'),
  endedAt: integer('ended_at'),
  endReason: text('end_reason'),
  handshakeDueAt: integer('handshake_due_at'),
  lastHandshakeAt: integer('last_handshake_at'),
  // 0010: the traffic the node reports (the demo's simulated node makes it grow while active)
  bytesIn: integer('bytes_in').notNull().default(0),
  bytesOut: integer('bytes_out').notNull().default(0),
  bytesAt: integer('bytes_at'),
  // 0009: whose approval a pending request waits for (the factory's: remote_access_factory_link)
  awaiting: text('awaiting').$type<RemoteAccessAwaiting>(),
  // 0014: the grant, fixed at approval: the machine's tunnel subnet then
  tunnelSubnet: text('tunnel_subnet'),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const remoteAccessEvent = sqliteTable('remote_access_event', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  sessionId: text('session_id').notNull(),
  kind: text('kind').$type<RemoteAccessEventKind>().notNull(),
  machineId: text('machine_id').notNull(),
  machineName: text('machine_name').notNull(),
  requesterUid: text('requester_uid').notNull(),
  requesterName: text('requester_name').notNull(),
  actorUid: text('actor_uid'),
  actorName: text('actor_name'),
  reason: text('reason').notNull(),
  at: integer('at').notNull(),
});
