/** Drizzle tables of migrations/0006_payments.sql (keep the two in step). Not owned: staff-managed, platform-wide. */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { PaymentKind } from '@/contracts/commerce';
import type { PaymentEnvironment } from '@/contracts/payment-platform';

/**
 * The secret key is never selected into an answer: `secretKeyCipher`/`secretKeyIv` are AES-GCM (env.SECRETS_KEY),
 * `secretKeyLast4` is all that is ever shown (all three NULL while no key is stored).
 */
export const paymentPlatform = sqliteTable('payment_platform', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  provider: text('provider').notNull(),
  environment: text('environment').$type<PaymentEnvironment>().notNull(),
  publicKey: text('public_key').notNull(),
  secretKeyCipher: text('secret_key_cipher'),
  secretKeyIv: text('secret_key_iv'),
  secretKeyLast4: text('secret_key_last4'),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  nameKey: text('name_key').notNull(),
  providerKey: text('provider_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const paymentMethod = sqliteTable('payment_method', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<PaymentKind>().notNull(),
  platformId: text('platform_id').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  maxInstallments: integer('max_installments').notNull(),
  nameKey: text('name_key').notNull(),
  kindKey: text('kind_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** In force at t: active AND validFrom <= t AND (validUntil IS NULL OR validUntil >= t). Percent is whole (1–50). */
export const discountRule = sqliteTable('discount_rule', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  minQuantity: integer('min_quantity').notNull(),
  percent: integer('percent').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull(),
  validFrom: integer('valid_from').notNull(),
  validUntil: integer('valid_until'),
  nameKey: text('name_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
