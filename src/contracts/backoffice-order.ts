/**
 * The back office's purchase orders ("Ordens de Compra"): every builder's orders for the staff, the status changes
 * the staff make (the lifecycle only, each recorded in the order's timeline with who and when) and the builder's
 * summary. The order itself is the portal's (src/contracts/order.ts): the builder sees every change there.
 */
import { z } from 'zod';
import { defineListQuery, optionalText } from './common';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_KINDS, type OrderStatus, type PaymentKind } from './commerce';
import type { DeviceStatus } from './device';
import { ORDER_FLOW, ORDER_PERIODS, type Order, type OrderPeriod, type OrderSortKey } from './order';

// ---- records ----

/** The builder ("montadora") who made an order, as the staff see it. */
export interface OrderAssembler {
  uid: string;
  name: string;
  /** 14 characters, no mask. */
  cnpj: string;
  email: string;
}

/** An order as the back office gets it: the portal's order, its builder, and what a cancel would withdraw. */
export interface BackofficeOrder extends Order {
  assembler: OrderAssembler;
  /**
   * Provisioned gateways a cancel would deactivate: never connected and linked to no machine (the builder has not
   * put them to use). Gateways already in use stay with the builder.
   */
  withdrawableDeviceCount: number;
}

/** A builder in the back office's "Montadora" filter. */
export interface AssemblerSummary extends OrderAssembler {
  createdAt: Date;
}

/** A builder's page (`/backoffice-orders?assembler=<uid>`): who it is, its orders and its gateways. */
export interface AssemblerProfile extends AssemblerSummary {
  orderCount: number;
  /** Orders not yet delivered nor cancelled. */
  openOrderCount: number;
  /** Gateways the builder owns, by status. */
  devices: Record<DeviceStatus, number> & { total: number };
}

export const ASSEMBLER_NOT_FOUND = 'Montadora não encontrada.';

// ---- list ----

export type BackofficeOrderFilters = {
  status: OrderStatus;
  period: OrderPeriod;
  /** The builder's uid. */
  assembler: string;
  paymentKind: PaymentKind;
};

/**
 * `GET /backoffice/order`: search (`q`) by number ("1004" or "#1004"), builder name or CNPJ (with or without the
 * mask); filters status, period, builder and payment kind; sorts createdAt (newest first by default), number, total.
 */
export const backofficeOrderListQuery = defineListQuery<OrderSortKey, BackofficeOrderFilters>({
  sortKeys: ['createdAt', 'number', 'total'],
  defaultSort: '-createdAt',
  filters: { status: ORDER_STATUSES, period: ORDER_PERIODS, assembler: 'any', paymentKind: PAYMENT_KINDS },
});

export type BackofficeOrderListQuery = ReturnType<typeof backofficeOrderListQuery.parse>;

// ---- status changes ----

/** The statuses the staff may cancel from (before the order leaves the warehouse). */
export const STAFF_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['aguardando-pagamento', 'pago', 'em-separacao'];

/** Where the staff may move an order from `status`: the next step of the flow, and Cancelado from the first three. */
export function allowedStatusChanges(status: OrderStatus): OrderStatus[] {
  const index = ORDER_FLOW.indexOf(status);
  const next = index >= 0 ? ORDER_FLOW[index + 1] : undefined;
  return [...(next ? [next] : []), ...(STAFF_CANCELLABLE_STATUSES.includes(status) ? (['cancelado'] as const) : [])];
}

export function isAllowedStatusChange(from: OrderStatus, to: OrderStatus): boolean {
  return allowedStatusChanges(from).includes(to);
}

/** "Pago ou Cancelado". */
function joinLabels(statuses: readonly OrderStatus[]): string {
  const labels = statuses.map((status) => ORDER_STATUS_LABELS[status]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} ou ${labels[labels.length - 1] ?? ''}`;
}

/** Why an order in `status` cannot go elsewhere: "Este pedido está Enviado: só pode passar para Entregue." */
export function invalidStatusChangeMessage(status: OrderStatus): string {
  const allowed = allowedStatusChanges(status);
  if (allowed.length === 0) {
    return `Este pedido está ${ORDER_STATUS_LABELS[status]}: o status não pode mais ser alterado.`;
  }
  return `Este pedido está ${ORDER_STATUS_LABELS[status]}: só pode passar para ${joinLabels(allowed)}.`;
}

/** Error code of a change out of the lifecycle (409). */
export const INVALID_STATUS_CHANGE_CODE = 'invalid-transition';

/** Brazilian Correios style: 2 letters, 9 digits, 2 letters (`BR123456789BR`). */
export const TRACKING_CODE_PATTERN = /^[A-Z]{2}\d{9}[A-Z]{2}$/;
export const TRACKING_CODE_EXAMPLE = 'BR123456789BR';

export const STATUS_CHANGE_MESSAGES = {
  status: 'Escolha o novo status.',
  trackingRequired: 'Informe o código de rastreio.',
  trackingInvalid: 'Código de rastreio inválido.',
  reasonRequired: 'Informe o motivo do cancelamento.',
} as const;

/** Spaces and dashes left out, upper-case: "br 123 456 789 br" → "BR123456789BR". */
export function normalizeTrackingCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * `POST /backoffice/order/:id/status` (with `If-Match`): the new status; the tracking code when it is Enviado; the
 * reason when it is Cancelado. Both are left out (empty) for any other status.
 */
export const orderStatusChangeSchema = z
  .object({
    status: z.string({ error: STATUS_CHANGE_MESSAGES.status }).pipe(z.enum(ORDER_STATUSES, { error: STATUS_CHANGE_MESSAGES.status })),
    trackingCode: z.string().transform(normalizeTrackingCode).default(''),
    reason: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'enviado') {
      if (input.trackingCode === '') {
        ctx.addIssue({ code: 'custom', message: STATUS_CHANGE_MESSAGES.trackingRequired, path: ['trackingCode'] });
      } else if (!TRACKING_CODE_PATTERN.test(input.trackingCode)) {
        ctx.addIssue({ code: 'custom', message: STATUS_CHANGE_MESSAGES.trackingInvalid, path: ['trackingCode'] });
      }
    }
    if (input.status === 'cancelado' && input.reason === '') {
      ctx.addIssue({ code: 'custom', message: STATUS_CHANGE_MESSAGES.reasonRequired, path: ['reason'] });
    }
  })
  .transform((input) => ({
    status: input.status,
    trackingCode: input.status === 'enviado' ? input.trackingCode : '',
    reason: input.status === 'cancelado' ? input.reason : '',
  }));

export type OrderStatusChangeFormValues = z.input<typeof orderStatusChangeSchema>;
export type OrderStatusChangeInput = z.output<typeof orderStatusChangeSchema>;

/**
 * What the confirmation says about a paid order's gateways when it is cancelled: "Os 5 gateways provisionados por
 * este pedido serão desativados e seus códigos de configuração deixarão de valer."
 */
export function withdrawnGatewaysMessage(count: number): string {
  return count === 1
    ? 'O gateway provisionado por este pedido será desativado e seu código de configuração deixará de valer.'
    : `Os ${count} gateways provisionados por este pedido serão desativados e seus códigos de configuração deixarão de valer.`;
}
