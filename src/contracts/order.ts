/**
 * Order ("Pedido"): one contract for the screens (Pedidos, the order's page, Checkout), the API slice and the demo
 * backend. An order is priced by the server from the catalog and the discount rules in force (never from the
 * client), paid by Pix, boleto or card, and, once paid, provisions one device per gateway unit. Its timeline
 * records every status it went through, when and by whom (the buyer, the staff, or the system), so the back
 * office moves it on (Pago → Em separação → Enviado → Entregue) through the same history.
 */
import { z } from 'zod';
import type { ProductKind } from './catalog';
import { defineListQuery, optionalText, requiredText } from './common';
import { ORDER_STATUSES, type OrderStatus, type PaymentKind } from './commerce';
import type { DeviceStatus } from './device';
import { cardExpiryField, cardNumberField, cvcField } from './validators/card';
import { DAY_MS } from './validators/days';

export { ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_KINDS, PAYMENT_KIND_LABELS } from './commerce';
export type { OrderStatus, PaymentKind } from './commerce';

// ---- the record ----

export interface OrderItem {
  productId: string;
  sku: string;
  name: string;
  kind: ProductKind;
  quantity: number;
  /** Centavos, as priced when the order was made. */
  unitPrice: number;
}

/** Who moved an order: the buyer ("cliente"), the staff ("equipe") or the platform itself ("sistema"). */
export const ORDER_ACTOR_KINDS = ['cliente', 'equipe', 'sistema'] as const;
export type OrderActorKind = (typeof ORDER_ACTOR_KINDS)[number];

export interface OrderActor {
  kind: OrderActorKind;
  /** "Maria Oliveira Santos", "Rafael Souza Lima", "Plataforma de pagamento". */
  name: string;
}

export interface OrderTimelineEntry {
  status: OrderStatus;
  at: Date;
  actor: OrderActor;
  /** The cancel reason, the tracking code, how it was paid… */
  note: string | null;
}

/** The delivery address as it was when the order was made (a later edit of the saved address does not change it). */
export interface OrderAddress {
  label: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
}

export interface OrderPayment {
  methodId: string;
  kind: PaymentKind;
  /** The method's name when the order was made ("Pix", "Boleto bancário"). */
  methodName: string;
  installments: number;
  /** Centavos of each instalment (the last one absorbs the rounding). */
  installmentAmount: number;
  /** Pix "copia e cola" (BR Code), while it may be paid. */
  pixCode: string | null;
  pixExpiresAt: Date | null;
  /** Boleto's "linha digitável", 47 digits, no mask (see `formatBoletoLine`). */
  boletoLine: string | null;
  boletoDueAt: Date | null;
  /** Card brand label ("Visa") and last four digits: the number itself is never stored. */
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: Date | null;
  /** The buyer said "Já paguei": the platform is confirming since then. */
  confirmingSince: Date | null;
}

/** A device the order provisioned, as it is now. */
export interface OrderDevice {
  id: string;
  name: string;
  serialNumber: string;
  setupCode: string;
  status: DeviceStatus;
}

export interface OrderDiscountRule {
  id: string;
  name: string;
  percent: number;
}

export interface Order {
  id: string;
  /** Readable number: "#1008". */
  number: number;
  items: OrderItem[];
  /** Units in the order (every item's quantity added up). */
  itemCount: number;
  subtotal: number;
  discount: number;
  /** The rule the discount came from (null: no discount). */
  discountRule: OrderDiscountRule | null;
  shipping: number;
  total: number;
  status: OrderStatus;
  /** The saved address it ships to (null once that address is gone); `address` is its snapshot. */
  addressId: string | null;
  address: OrderAddress;
  payment: OrderPayment;
  trackingCode: string | null;
  cancelReason: string | null;
  /** Oldest first. */
  timeline: OrderTimelineEntry[];
  devices: OrderDevice[];
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** "#1008". */
export function orderLabel(order: Pick<Order, 'number'>): string {
  return `#${order.number}`;
}

/** Centavos of each instalment: the total split evenly, rounded up (the last one pays a few centavos less). */
export function installmentAmount(total: number, installments: number): number {
  const n = Math.max(1, Math.floor(installments));
  return Math.ceil(total / n);
}

/** Orders still open for the buyer (not delivered and not cancelled). */
export function isOrderOpen(status: OrderStatus): boolean {
  return status !== 'entregue' && status !== 'cancelado';
}

/** The statuses in the order an order goes through them (cancelado aside). */
export const ORDER_FLOW: readonly OrderStatus[] = ['aguardando-pagamento', 'pago', 'em-separacao', 'enviado', 'entregue'];

// ---- list ----

export const ORDER_PERIODS = ['7d', '30d', '90d', '12m'] as const;
export type OrderPeriod = (typeof ORDER_PERIODS)[number];

export const ORDER_PERIOD_LABELS: Readonly<Record<OrderPeriod, string>> = {
  '7d': 'Últimos 7 dias',
  '30d': 'Últimos 30 dias',
  '90d': 'Últimos 90 dias',
  '12m': 'Últimos 12 meses',
};

/** The first instant a period covers, counted back from `now` (epoch ms). */
export function periodStart(period: OrderPeriod, now: number): number {
  switch (period) {
    case '7d':
      return now - 7 * DAY_MS;
    case '30d':
      return now - 30 * DAY_MS;
    case '90d':
      return now - 90 * DAY_MS;
    case '12m': {
      const date = new Date(now);
      date.setFullYear(date.getFullYear() - 1);
      return date.getTime();
    }
  }
}

export type OrderSortKey = 'createdAt' | 'number' | 'total';

/** Search (`q`) by number ("1008" or "#1008"); sort newest first by default; filter by status and period. */
export const orderListQuery = defineListQuery<OrderSortKey, { status: OrderStatus; period: OrderPeriod }>({
  sortKeys: ['createdAt', 'number', 'total'],
  defaultSort: '-createdAt',
  filters: { status: ORDER_STATUSES, period: ORDER_PERIODS },
});

export type OrderListQuery = ReturnType<typeof orderListQuery.parse>;

// ---- create (POST /order, with Idempotency-Key) ----

export const ORDER_MESSAGES = {
  quantity: 'Informe uma quantidade inteira maior que zero.',
  noItems: 'Adicione pelo menos um produto ao pedido.',
  tooManyItems: 'Um pedido aceita no máximo 20 produtos diferentes.',
  duplicateProduct: 'Este produto já está no pedido.',
  product: 'Escolha um produto.',
  productNotFound: 'Produto não encontrado.',
  productInactive: 'Este produto não está mais à venda.',
  address: 'Escolha o endereço de entrega.',
  addressNotFound: 'Endereço não encontrado.',
  paymentMethod: 'Escolha a forma de pagamento.',
  paymentMethodNotFound: 'Forma de pagamento não encontrada.',
  paymentMethodDisabled: 'Esta forma de pagamento foi desativada. Escolha outra.',
  installments: 'Informe um número de parcelas inteiro maior que zero.',
  noInstallments: 'Esta forma de pagamento não permite parcelamento.',
  cardRequired: 'Informe os dados do cartão.',
  cardHolder: 'Informe o nome impresso no cartão.',
  cardDeclined: 'Pagamento recusado pela operadora do cartão.',
  cardToken: 'Os dados do cartão venceram: informe-os de novo.',
  cardTokenUsed: 'Estes dados do cartão já foram usados: informe-os de novo.',
  platformError: 'A plataforma de pagamento não respondeu. Nenhuma cobrança foi feita.',
  notFound: 'Pedido não encontrado.',
} as const;

/** "Esta forma de pagamento permite no máximo 10 parcelas." */
export function maxInstallmentsMessage(max: number): string {
  return max <= 1 ? ORDER_MESSAGES.noInstallments : `Esta forma de pagamento permite no máximo ${max} parcelas.`;
}

/** Error codes of POST /order the checkout tells apart (besides 400 `validation`). */
export const ORDER_ERROR_CODES = {
  paymentMethodDisabled: 'payment-method-disabled',
  /** A product of the cart was deactivated in the back office meanwhile (409): the checkout reloads the catalog. */
  productInactive: 'product-inactive',
  cardDeclined: 'card-declined',
  cardTokenUsed: 'card-token-used',
  platformError: 'payment-platform-error',
  notCancellable: 'order-not-cancellable',
  notAwaitingPayment: 'order-not-awaiting-payment',
  pixExpired: 'pix-expired',
} as const;

/** Most distinct products one order carries. */
export const MAX_ORDER_LINES = 20;

/** A whole number of units, 1 or more: typed (a string of digits) or sent as a number. */
export const quantityField = z
  .union([z.number(), z.string()], { error: ORDER_MESSAGES.quantity })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    const n = text === null ? value : /^-?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.quantity });
      return z.NEVER;
    }
    return n;
  });

const idField = (missing: string) => z.string({ error: missing }).trim().min(1, { error: missing }).max(64, { error: missing });

export const orderItemInputSchema = z.object({
  productId: idField(ORDER_MESSAGES.product),
  quantity: quantityField,
});

export const orderCardSchema = z.object({
  number: cardNumberField,
  holder: requiredText(ORDER_MESSAGES.cardHolder, 80),
  expiry: cardExpiryField,
  cvc: cvcField,
});

/**
 * The card as POST /order gets it: the payment platform's single-use token (the page tokenised the card there), its
 * brand and last four digits — never the number or the security code.
 */
export const orderCardTokenSchema = z.object({
  token: z.string({ error: ORDER_MESSAGES.cardRequired }).trim().min(1, { error: ORDER_MESSAGES.cardRequired }).max(200),
  brand: z.string().max(40).nullable(),
  last4: z.string().regex(/^\d{4}$/),
});
export type OrderCardToken = z.output<typeof orderCardTokenSchema>;

export const orderCreateSchema = z.object({
  items: z
    .array(orderItemInputSchema, { error: ORDER_MESSAGES.noItems })
    .min(1, { error: ORDER_MESSAGES.noItems })
    .max(MAX_ORDER_LINES, { error: ORDER_MESSAGES.tooManyItems })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.productId)) {
          ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.duplicateProduct, path: [index, 'productId'] });
        }
        seen.add(item.productId);
      });
    }),
  addressId: idField(ORDER_MESSAGES.address),
  paymentMethodId: idField(ORDER_MESSAGES.paymentMethod),
  installments: z
    .union([z.number(), z.string()], { error: ORDER_MESSAGES.installments })
    .transform((value, ctx) => {
      const n = typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.installments });
        return z.NEVER;
      }
      return n;
    })
    .default(1),
  /** Required when the method is a card (the server knows the method's kind; the form knows it too). */
  card: orderCardTokenSchema.optional(),
});

export type OrderCreateFormValues = z.input<typeof orderCreateSchema>;
export type OrderCreateInput = z.output<typeof orderCreateSchema>;

// ---- the other writes ----

/** POST /order/:id/cancel (with `If-Match`): only while the order awaits payment. */
export const orderCancelSchema = z.object({ reason: optionalText(500) });
export type OrderCancelFormValues = z.input<typeof orderCancelSchema>;
export type OrderCancelInput = z.output<typeof orderCancelSchema>;

/** How long a Pix code may be paid, and how soon the demo platform confirms a payment the buyer says was made. */
export const PIX_VALIDITY_MS = 30 * 60 * 1000;
export const BOLETO_DUE_DAYS = 3;

/** Why an order cannot be cancelled any more (409 `order-not-cancellable`). */
export function orderNotCancellableMessage(status: OrderStatus, confirming = false): string {
  if (status === 'aguardando-pagamento' && confirming) {
    return 'Estamos confirmando o pagamento deste pedido: ele não pode ser cancelado agora.';
  }
  switch (status) {
    case 'cancelado':
      return 'Este pedido já está cancelado.';
    case 'enviado':
    case 'entregue':
      return 'Este pedido já foi enviado e não pode mais ser cancelado.';
    default:
      return 'Este pedido já foi pago e não pode mais ser cancelado por aqui. Fale com o suporte para pedir o estorno.';
  }
}
