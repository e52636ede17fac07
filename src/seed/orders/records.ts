/**
 * The demo database's order: see `Order` in src/contracts/order.ts. Times are epoch ms; `payment.paysAt` is the
 * demo payment platform's own bookkeeping (when it confirms a payment the buyer said was made), never sent.
 */
import type { ProductKind } from '@/contracts/catalog';
import type { OrderStatus, PaymentKind } from '@/contracts/commerce';
import type { OrderActor, OrderAddress, OrderDiscountRule } from '@/contracts/order';
import type { Stamped } from '@/seed/stored';

export interface OrderItemRecord {
  productId: string;
  sku: string;
  name: string;
  kind: ProductKind;
  quantity: number;
  unitPrice: number;
}

export interface OrderTimelineRecord {
  status: OrderStatus;
  at: number;
  actor: OrderActor;
  note: string | null;
}

export interface OrderPaymentRecord {
  kind: PaymentKind;
  methodName: string;
  pixCode: string | null;
  pixExpiresAt: number | null;
  boletoLine: string | null;
  boletoBarcode: string | null;
  boletoDueAt: number | null;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: number | null;
  confirmingSince: number | null;
  /** The demo platform confirms the payment at this time (set by "Já paguei"); internal. */
  paysAt: number | null;
}

export interface OrderRecord extends Stamped {
  id: string;
  number: number;
  ownerUid: string;
  items: OrderItemRecord[];
  subtotal: number;
  discount: number;
  discountRule: OrderDiscountRule | null;
  shipping: number;
  total: number;
  status: OrderStatus;
  paymentMethodId: string;
  installments: number;
  payment: OrderPaymentRecord;
  /** The saved address the order ships to (null once that address is gone); `address` is its snapshot. */
  addressId: string | null;
  address: OrderAddress;
  trackingCode: string | null;
  cancelReason: string | null;
  /** Oldest first. */
  timeline: OrderTimelineRecord[];
  /** The devices it provisioned once paid. */
  deviceIds: string[];
  createdAt: number;
}
