/** Drizzle tables of migrations/0003_devices.sql (keep the two in step). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { DeviceStatus } from '@/contracts/device';

export const device = sqliteTable('device', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid'),
  serialNumber: text('serial_number').notNull(),
  setupCode: text('setup_code').notNull(),
  name: text('name').notNull(),
  hardwareModel: text('hardware_model').notNull(),
  firmware: text('firmware').notNull(),
  status: text('status').$type<DeviceStatus>().notNull(),
  lastSeenAt: integer('last_seen_at'),
  vpnAddress: text('vpn_address'),
  machineId: text('machine_id'),
  orderId: text('order_id'),
  wgPublicKey: text('wg_public_key'),
  wgKeyRotatedAt: integer('wg_key_rotated_at'),
  comesOnlineAt: integer('comes_online_at'),
  // 0014: the gateway's hub (NULL: none yet)
  hubId: text('hub_id'),
  nameKey: text('name_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const deviceConnection = sqliteTable('device_connection', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  deviceId: text('device_id').notNull(),
  machineId: text('machine_id'),
  userName: text('user_name').notNull(),
  userEmail: text('user_email').notNull(),
  startedAt: integer('started_at').notNull(),
  endedAt: integer('ended_at'),
  publicIp: text('public_ip').notNull(),
  bytesIn: integer('bytes_in').notNull(),
  bytesOut: integer('bytes_out').notNull(),
  version: integer('version').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** 0014: each online/offline transition of a gateway, as the hub's reports and the offline sweep decide them. */
export const deviceStatusEvent = sqliteTable('device_status_event', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid'),
  deviceId: text('device_id').notNull(),
  status: text('status').$type<'online' | 'offline'>().notNull(),
  at: integer('at').notNull(),
  /** 0026: the order rows were written in, never reused (set by a trigger; the gateway alerts' cursor). */
  seq: integer('seq'),
});
