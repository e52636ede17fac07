/** Drizzle tables of migrations/0002_fleet.sql (keep the two in step). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Uf } from '@/contracts/validators/fields';

export const customer = sqliteTable('customer', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  name: text('name').notNull(),
  tradeName: text('trade_name').notNull(),
  cnpj: text('cnpj').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  city: text('city').notNull(),
  uf: text('uf').$type<Uf | ''>().notNull(),
  // 0009: "Exigir aprovação da fábrica"
  requireFactoryApproval: integer('require_factory_approval', { mode: 'boolean' }).notNull().default(false),
  nameKey: text('name_key').notNull(),
  tradeNameKey: text('trade_name_key').notNull(),
  cityKey: text('city_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const machineModel = sqliteTable('machine_model', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  name: text('name').notNull(),
  manufacturer: text('manufacturer').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  services: text('services').notNull(),
  nameKey: text('name_key').notNull(),
  manufacturerKey: text('manufacturer_key').notNull(),
  categoryKey: text('category_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const machine = sqliteTable('machine', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  name: text('name').notNull(),
  serialNumber: text('serial_number').notNull(),
  modelId: text('model_id').notNull(),
  customerId: text('customer_id'),
  deviceId: text('device_id'),
  site: text('site').notNull(),
  lanSubnet: text('lan_subnet').notNull(),
  services: text('services'),
  // 0014: the machine's tunnel subnet (same size as its LAN, unique across the platform) and its range as numbers
  tunnelSubnet: text('tunnel_subnet'),
  tunnelStart: integer('tunnel_start'),
  tunnelEnd: integer('tunnel_end'),
  nameKey: text('name_key').notNull(),
  serialNumberKey: text('serial_number_key').notNull().default(''),
  siteKey: text('site_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
