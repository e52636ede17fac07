/** Drizzle tables of migrations/0005_commerce.sql (keep the two in step). */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ProductImage, ProductKind } from '@/contracts/catalog';
import type { OrderStatus, PaymentKind } from '@/contracts/commerce';
import type { OrderActorKind } from '@/contracts/order';
import type { Uf } from '@/contracts/validators/fields';

export const address = sqliteTable('address', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  label: text('label').notNull(),
  cep: text('cep').notNull(),
  street: text('street').notNull(),
  number: text('number').notNull(),
  complement: text('complement').notNull(),
  district: text('district').notNull(),
  city: text('city').notNull(),
  uf: text('uf').$type<Uf>().notNull(),
  isDefault: integer('is_default', { mode: 'boolean' }).notNull(),
  labelKey: text('label_key').notNull(),
  streetKey: text('street_key').notNull(),
  cityKey: text('city_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const product = sqliteTable('product', {
  id: text('id').primaryKey(),
  sku: text('sku').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  kind: text('kind').$type<ProductKind>().notNull(),
  unitPrice: integer('unit_price').notNull(),
  stockLimit: integer('stock_limit').notNull(),
  hardwareModel: text('hardware_model'),
  active: integer('active', { mode: 'boolean' }).notNull(),
  position: integer('position').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /** 0023: the picture (PRODUCT_IMAGES), the folded name the back office sorts by, and its search columns. */
  image: text('image').$type<ProductImage>().notNull(),
  nameKey: text('name_key').notNull(),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
});

export const purchaseOrder = sqliteTable('purchase_order', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  number: integer('number').notNull(),
  status: text('status').$type<OrderStatus>().notNull(),
  itemCount: integer('item_count').notNull(),
  subtotal: integer('subtotal').notNull(),
  discount: integer('discount').notNull(),
  discountRuleId: text('discount_rule_id'),
  discountRuleName: text('discount_rule_name'),
  discountRulePercent: integer('discount_rule_percent'),
  shipping: integer('shipping').notNull(),
  total: integer('total').notNull(),
  addressId: text('address_id'),
  addressLabel: text('address_label').notNull(),
  addressCep: text('address_cep').notNull(),
  addressStreet: text('address_street').notNull(),
  addressNumber: text('address_number').notNull(),
  addressComplement: text('address_complement').notNull(),
  addressDistrict: text('address_district').notNull(),
  addressCity: text('address_city').notNull(),
  addressUf: text('address_uf').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  paymentKind: text('payment_kind').$type<PaymentKind>().notNull(),
  paymentMethodName: text('payment_method_name').notNull(),
  installments: integer('installments').notNull(),
  pixCode: text('pix_code'),
  pixExpiresAt: integer('pix_expires_at'),
  boletoLine: text('boleto_line'),
  boletoBarcode: text('boleto_barcode'),
  boletoDueAt: integer('boleto_due_at'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  paidAt: integer('paid_at'),
  confirmingSince: integer('confirming_since'),
  /** Demo platform only: when it confirms the payment (internal, never sent). */
  paysAt: integer('pays_at'),
  trackingCode: text('tracking_code'),
  cancelReason: text('cancel_reason'),
  search: text('search').notNull(),
  searchCompact: text('search_compact').notNull(),
  version: integer('version').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /** The payment platform's charge that paid a card order (0015): one order per charge. Never sent. */
  cardChargeId: text('card_charge_id'),
});

export const orderItem = sqliteTable(
  'order_item',
  {
    orderId: text('order_id').notNull(),
    line: integer('line').notNull(),
    ownerUid: text('owner_uid').notNull(),
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<ProductKind>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.line] })],
);

/** Oldest first: ORDER BY at, id. Insert without `id` (AUTOINCREMENT). */
export const orderTimeline = sqliteTable('order_timeline', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  orderId: text('order_id').notNull(),
  ownerUid: text('owner_uid').notNull(),
  status: text('status').$type<OrderStatus>().notNull(),
  at: integer('at').notNull(),
  actorKind: text('actor_kind').$type<OrderActorKind>().notNull(),
  actorName: text('actor_name').notNull(),
  note: text('note'),
});

export type PaymentEventOutcome = 'applied' | 'ignored';

export const paymentEvent = sqliteTable('payment_event', {
  eventId: text('event_id').primaryKey(),
  orderId: text('order_id'),
  type: text('type').notNull(),
  outcome: text('outcome').$type<PaymentEventOutcome>().notNull(),
  reason: text('reason'),
  body: text('body').notNull(),
  receivedAt: integer('received_at').notNull(),
});
