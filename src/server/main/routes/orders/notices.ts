/**
 * The staff's notifications about orders (the back office's bell), as the demo raises them: a new order, a payment
 * confirmed or refused, an order cancelled by its buyer. Each is batched with the write it tells of (guarded the
 * same way when the write is).
 */
import type { SQL } from 'drizzle-orm';
import { PAYMENT_KIND_LABELS, type PaymentKind } from '@/contracts/commerce';
import { orderLabel } from '@/contracts/order';
import type { Db } from '../../../shared/app-env';
import { notification } from '../../db/account-schema';
import { nextNotificationId, notificationInsert, notificationRow, type NotificationInput } from '../notifications/queries';
import { guardedInserts, type Statement } from './lifecycle';

/** "R$ 1.234,56" (the portal's formatBRL lives in src/lib, which server code cannot import). */
export const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

type Line = { kind: string; quantity: number };
const units = (lines: readonly Line[], kind: string) => lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.quantity, 0);

/** "3 gateways e 1 plano de conectividade". */
export function describeUnits(lines: readonly Line[]): string {
  const gateways = units(lines, 'gateway');
  const plans = units(lines, 'plan');
  return [
    gateways > 0 ? `${gateways} ${gateways === 1 ? 'gateway' : 'gateways'}` : '',
    plans > 0 ? `${plans} ${plans === 1 ? 'plano' : 'planos'} de conectividade` : '',
  ]
    .filter(Boolean)
    .join(' e ');
}

type OrderFacts = { id: string; number: number; total: number; paymentKind: PaymentKind };

export const newOrderNotice = (order: OrderFacts, buyer: string, lines: readonly Line[], paidByCard: boolean): NotificationInput => ({
  title: `Novo pedido ${orderLabel(order)}`,
  message:
    `${buyer} fez um pedido de ${describeUnits(lines)} (${brl(order.total)}), ` +
    (paidByCard ? 'pago com cartão de crédito.' : `aguardando pagamento por ${PAYMENT_KIND_LABELS[order.paymentKind].toLowerCase()}.`),
  subject: { kind: 'order', id: order.id },
});

export function paidNotice(order: OrderFacts, lines: readonly Line[]): NotificationInput {
  const gateways = units(lines, 'gateway');
  return {
    title: 'Pagamento confirmado',
    message:
      `O pedido ${orderLabel(order)} (${brl(order.total)}) foi pago com ${PAYMENT_KIND_LABELS[order.paymentKind].toLowerCase()}.` +
      (gateways > 0 ? ` ${gateways} ${gateways === 1 ? 'gateway provisionado' : 'gateways provisionados'}.` : ''),
    subject: { kind: 'order', id: order.id },
  };
}

export const declinedNotice = (buyer: string, uid: string, cardText: string, total: number): NotificationInput => ({
  title: 'Pagamento recusado',
  message: `O cartão ${cardText} de ${buyer} foi recusado pela operadora num pedido de ${brl(total)}. Nenhum pedido foi criado.`,
  subject: { kind: 'assembler', id: uid },
});

export const cancelledNotice = (order: OrderFacts, buyer: string, reason: string | null): NotificationInput => ({
  title: `Pedido ${orderLabel(order)} cancelado`,
  message: `${buyer} cancelou o pedido ${orderLabel(order)} (${brl(order.total)})` + (reason ? `: “${reason}”` : '.'),
  subject: { kind: 'order', id: order.id },
});

/** The notifications' INSERTs for a batch (ids taken now); with a guard, inserted only while it holds. */
export async function noticeInserts(db: Db, inputs: readonly NotificationInput[], at: number, guard?: SQL): Promise<Statement[]> {
  const statements: Statement[] = [];
  for (const input of inputs) {
    const id = await nextNotificationId(db);
    statements.push(...(guard ? guardedInserts(db, notification, [notificationRow(id, input, at)], guard) : [notificationInsert(db, id, input, at)]));
  }
  return statements;
}
