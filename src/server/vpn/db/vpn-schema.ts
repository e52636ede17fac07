/** Drizzle tables of migrations/0007_vpn.sql and 0014_hubs.sql (keep them in step). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const vpnUser = sqliteTable('vpn_user', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  expiresAt: integer('expires_at'),
  /** JSON array of machine ids. */
  machineIds: text('machine_ids', { mode: 'json' }).$type<string[]>().notNull(),
  wgPublicKey: text('wg_public_key'),
  configIssuedAt: integer('config_issued_at'),
  handshakeDueAt: integer('handshake_due_at'),
  lastHandshakeAt: integer('last_handshake_at'),
  nameKey: text('name_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const vpnNode = sqliteTable('vpn_node', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  name: text('name').notNull(),
  deviceId: text('device_id').notNull(),
  vpnAddress: text('vpn_address').notNull(),
  addressSort: integer('address_sort').notNull(),
  lastHandshakeAt: integer('last_handshake_at'),
  tokenHash: text('token_hash'),
  tokenIssuedAt: integer('token_issued_at'),
  nameKey: text('name_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const vpnRoute = sqliteTable('vpn_route', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  nodeId: text('node_id').notNull(),
  network: text('network').notNull(),
  networkSort: integer('network_sort').notNull(),
  description: text('description').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  descriptionKey: text('description_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** 0014: the WireGuard hubs (src/contracts/hub.ts). */
export const vpnHub = sqliteTable('vpn_hub', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  endpointHost: text('endpoint_host').notNull(),
  endpointPort: integer('endpoint_port').notNull(),
  publicKey: text('public_key'),
  tokenHash: text('token_hash'),
  tokenIssuedAt: integer('token_issued_at'),
  lastReportAt: integer('last_report_at'),
  appliedVersion: text('applied_version'),
  /** JSON of the hub's last health. */
  health: text('health', { mode: 'json' }).$type<{ ok: boolean; message?: string; implementation: string; startedAt: number }>(),
  peerCount: integer('peer_count').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
