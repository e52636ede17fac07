/** Drizzle tables of migrations/0007_vpn.sql (keep the two in step). */
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
