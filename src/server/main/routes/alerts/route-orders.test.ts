/** "Pedido atualizado" through the back office's status change (after the answer: the test waits for the rows). */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { call } from '../../../testing/api';
import { arrangeRule, storedMails, storedNotifications } from '../../alerts/fixtures';
import { arrangeSql, callCreateOrder, DECLINED_CARD, demoCall, MARIA, PIX_ORDER, seedDemo } from '../orders/test-helpers';
import { arrangePayPlatform, makeCardOrder } from '../orders/pay-helpers';

const callMove = async (id: string, body: unknown) => {
  const version = await env.DB.prepare('SELECT version FROM purchase_order WHERE id = ?').bind(id).first<number>('version');
  return call<{ status: string; number: number }>('POST', `/backoffice/order/${id}/status`, {
    as: DEMO_ADMIN_UID,
    admin: true,
    body,
    headers: { 'If-Match': String(version) },
  });
};

beforeAll(async () => {
  await seedDemo();
  await arrangeRule(MARIA, 'order-updated', { roles: ['administrador'], channels: ['portal'] });
  await arrangeRule(MARIA, 'payment-declined', { roles: ['administrador'], channels: ['portal', 'email'] });
});

const storedOrderAlerts = async (orderId: string) =>
  (await storedNotifications(MARIA)).filter((row) => row.event === 'order-updated' && row.member_uid === MARIA && row.subject_id === orderId);

/** A new Pix order whose demo confirmation is due (the buyer said "Já paguei" and its time has come). */
async function arrangeDuePixOrder(): Promise<{ id: string; number: number }> {
  const created = await callCreateOrder(PIX_ORDER);
  expect(created.status).toBe(201);
  const { id, number } = created.body as unknown as { id: string; number: number };
  await arrangeSql('UPDATE purchase_order SET confirming_since = ?, pays_at = ? WHERE id = ?', Date.now() - 6000, Date.now() - 1, id);
  return { id, number };
}

describe('"Pedido atualizado"', () => {
  it('each status the staff set alerts the order\'s account once', async () => {
    const paid = await callMove('order-1004', { status: 'pago' });
    expect(paid.status).toBe(200);
    const label = `#${paid.body.number}`;
    const orderAlerts = async () => (await storedNotifications(MARIA)).filter((row) => row.event === 'order-updated' && row.member_uid === MARIA);
    await vi.waitFor(async () => expect(await orderAlerts()).toHaveLength(1));
    expect((await callMove('order-1004', { status: 'em-separacao' })).status).toBe(200);
    await vi.waitFor(async () => expect(await orderAlerts()).toHaveLength(2));
    expect((await orderAlerts()).map((row) => [row.title, row.message, row.subject_kind, row.subject_id])).toEqual([
      [`Pedido atualizado: Pedido ${label}`, `O pedido ${label} mudou para "Pago".`, 'order', 'order-1004'],
      [`Pedido atualizado: Pedido ${label}`, `O pedido ${label} mudou para "Em separação".`, 'order', 'order-1004'],
    ]);
  });
});

describe('"Pedido atualizado" when a demo read settles the payment', () => {
  it('a read of the order that makes it paid alerts, once', async () => {
    const order = await arrangeDuePixOrder();
    const read = await demoCall<{ status: string }>('GET', `/order/${order.id}`, { as: MARIA, waitBackground: true });
    expect(read.body.status).toBe('pago');
    await vi.waitFor(async () => expect(await storedOrderAlerts(order.id)).toHaveLength(1));
    expect((await storedOrderAlerts(order.id)).map((row) => [row.title, row.message])).toEqual([
      [`Pedido atualizado: Pedido #${order.number}`, `O pedido #${order.number} mudou para "Pago".`],
    ]);
    await demoCall('GET', '/order', { as: MARIA, waitBackground: true });
    expect(await storedOrderAlerts(order.id)).toHaveLength(1);
  });

  it('even when the request then fails: a cancel refused (409) after its read settled the payment', async () => {
    const order = await arrangeDuePixOrder();
    const refused = await demoCall('POST', `/order/${order.id}/cancel`, { as: MARIA, body: { reason: '' }, headers: { 'If-Match': '1' }, waitBackground: true });
    expect(refused.status).toBe(409);
    await vi.waitFor(async () => expect(await storedOrderAlerts(order.id)).toHaveLength(1));
    expect((await storedOrderAlerts(order.id))[0]?.message).toBe(`O pedido #${order.number} mudou para "Pago".`);
  });

  it('the back office\'s list settles and alerts the order\'s account too', async () => {
    const order = await arrangeDuePixOrder();
    const list = await demoCall('GET', '/backoffice/order', { as: DEMO_ADMIN_UID, admin: true, waitBackground: true });
    expect(list.status).toBe(200);
    await vi.waitFor(async () => expect(await storedOrderAlerts(order.id)).toHaveLength(1));
  });
});

describe('"Pagamento recusado" after the 402', () => {
  const platform = arrangePayPlatform();

  it('a declined card answers 402 and still alerts the account (portal and e-mail)', async () => {
    const declined = await callCreateOrder(await makeCardOrder(platform.books(), DECLINED_CARD));
    expect(declined.status).toBe(402);
    const declinedAlerts = async () => (await storedNotifications(MARIA)).filter((row) => row.event === 'payment-declined' && row.member_uid === MARIA);
    await vi.waitFor(async () => expect(await declinedAlerts()).toHaveLength(1));
    const [alert] = await declinedAlerts();
    expect(alert?.title).toBe('Pagamento recusado: cartão Visa final 0002');
    expect(alert?.message).toBe('O cartão Visa final 0002 foi recusado pela operadora num pedido de R$\u00a03.225,90. Nenhum pedido foi criado.');
    await vi.waitFor(async () =>
      expect((await storedMails(MARIA)).filter((mail) => mail.kind === 'alerta').map((mail) => mail.subject)).toContain(
        'Ponte IIoT — Pagamento recusado: cartão Visa final 0002',
      ),
    );
  });
});
