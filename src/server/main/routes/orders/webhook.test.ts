import { createExecutionContext, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '../../../shared/settings';
import { call } from '../../../testing/api';
import { app } from '../../index';
import { signPayload, SIGNATURE_WINDOW_MS } from './webhook';
import { storedRowCount, callCreateOrder, MARIA, PIX_ORDER, seedDemo, SERRA, type ApiOrder } from './test-helpers';

beforeEach(seedDemo);

type Answer = { received: true; duplicate: boolean; outcome: string; reason: string | null };

async function post(body: string, signature?: string) {
  return call<Answer & { error?: { code: string; message: string } }>('POST', '/payment-webhook', {
    body,
    headers: { 'Content-Type': 'application/json', ...(signature === undefined ? {} : { 'X-Ponte-Signature': signature }) },
  });
}

const paidEvent = (order: ApiOrder, extra: object = {}) =>
  JSON.stringify({
    id: `evt-${crypto.randomUUID()}`,
    type: 'payment.confirmed',
    data: { orderId: order.id, accountId: MARIA, amount: order.total, paidAt: Date.now() - 1000, ...extra },
  });

async function pixOrder(quantity = 3): Promise<ApiOrder> {
  const answer = await callCreateOrder({ ...PIX_ORDER, items: [{ productId: 'product-g1-4g', quantity }] });
  expect(answer.status).toBe(201);
  return answer.body;
}

const statusOf = async (id: string) => (await call<ApiOrder>('GET', `/order/${id}`, { as: MARIA })).body;

describe('POST /payment-webhook', () => {
  it('a missing or wrong signature is 401 and nothing changes', async () => {
    const order = await pixOrder();
    const body = paidEvent(order);
    const good = await signPayload(env.WEBHOOK_SECRET ?? '', body);
    const other = await signPayload('outro-segredo', body);
    for (const signature of [undefined, '', 'sha256=zz', other, good.replace('sha256=', ''), good.slice(0, -2) + '00']) {
      const answer = await post(body, signature);
      expect(answer.status, String(signature)).toBe(401);
      expect(answer.body.error?.code).toBe('invalid-signature');
    }
    // The body signed is the body applied: a changed byte is refused.
    expect((await post(body.replace('"amount"', '"amount" '), good)).status).toBe(401);
    expect((await statusOf(order.id)).status).toBe('aguardando-pagamento');
    expect(await storedRowCount('payment_event')).toBe(0);
  });

  it('a signed payment.confirmed pays the order (one batch: event, status, timeline, gateways); the same event twice has one effect', async () => {
    const order = await pixOrder(12);
    const body = paidEvent(order);
    const signature = await signPayload(env.WEBHOOK_SECRET ?? '', body);
    const first = await post(body, signature);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false, outcome: 'applied', reason: null });
    const paid = await statusOf(order.id);
    expect(paid.status).toBe('pago');
    expect(paid.devices).toHaveLength(12);
    expect(new Set(paid.devices.map((d) => d.serialNumber)).size).toBe(12);
    expect(paid.timeline.map((t) => t.status)).toEqual(['aguardando-pagamento', 'pago']);

    const again = await post(body, signature);
    expect(again.body).toEqual({ received: true, duplicate: true, outcome: 'applied', reason: null });
    const [x, y] = await Promise.all([post(body, signature), post(body, signature)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const after = await statusOf(order.id);
    expect(after.devices).toHaveLength(12);
    expect(after.timeline).toHaveLength(2);
    expect(after.version).toBe(paid.version);
    expect(await storedRowCount('payment_event', 'order_id = ?', order.id)).toBe(1);

    // Another event for the paid order: recorded, ignored.
    const late = paidEvent(order);
    const ignored = await post(late, await signPayload(env.WEBHOOK_SECRET ?? '', late));
    expect(ignored.body).toMatchObject({ duplicate: false, outcome: 'ignored', reason: 'not-awaiting-payment' });
    expect((await statusOf(order.id)).devices).toHaveLength(12);
  });

  it('ignores (and records) an event for an unknown order, another account’s, a wrong amount or another type', async () => {
    const order = await pixOrder();
    const cases: Array<[object, string]> = [
      [{ orderId: 'order-9999' }, 'unknown-order'],
      [{ accountId: SERRA }, 'unknown-order'],
      [{ amount: order.total - 1 }, 'amount-mismatch'],
    ];
    for (const [extra, reason] of cases) {
      const body = paidEvent(order, extra);
      const answer = await post(body, await signPayload(env.WEBHOOK_SECRET ?? '', body));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ outcome: 'ignored', reason });
    }
    const refund = JSON.stringify({ id: 'evt-refund', type: 'payment.refunded', data: { orderId: order.id, accountId: MARIA, amount: order.total } });
    expect((await post(refund, await signPayload(env.WEBHOOK_SECRET ?? '', refund))).body).toMatchObject({ reason: 'unsupported-type' });
    expect((await statusOf(order.id)).status).toBe('aguardando-pagamento');
    expect(await storedRowCount('payment_event')).toBe(4);
  });

  it('a signed body that is not an event is 400', async () => {
    for (const body of ['{"id":', JSON.stringify({ id: 'evt-x', type: 'payment.confirmed', data: {} })]) {
      const answer = await post(body, await signPayload(env.WEBHOOK_SECRET ?? '', body));
      expect(answer.status).toBe(400);
    }
  });

  it('a delivery signed more than 5 minutes from now (a replay) is 401 and changes nothing', async () => {
    const order = await pixOrder();
    const body = paidEvent(order);
    const secret = env.WEBHOOK_SECRET ?? '';
    for (const at of [Date.now() - SIGNATURE_WINDOW_MS - 60_000, Date.now() + SIGNATURE_WINDOW_MS + 60_000]) {
      const answer = await post(body, await signPayload(secret, body, at));
      expect(answer.status).toBe(401);
      expect(answer.body.error).toEqual({ code: 'signature-expired', message: 'Assinatura do webhook fora da janela de 5 minutos: envie o evento assinado de novo.' });
    }
    // The time is inside the signed content: another time on the same signature is refused too.
    const signed = await signPayload(secret, body, Date.now() - SIGNATURE_WINDOW_MS - 60_000);
    const moved = signed.replace(/^t=\d+/, `t=${Math.floor(Date.now() / 1000)}`);
    expect((await post(body, moved)).body.error?.code).toBe('invalid-signature');
    // The body alone signed (no time) is no signature.
    const [, hex] = /sha256=([0-9a-f]+)/.exec(signed) ?? [];
    expect((await post(body, `sha256=${hex ?? ''}`)).body.error?.code).toBe('invalid-signature');
    expect((await statusOf(order.id)).status).toBe('aguardando-pagamento');
    expect(await storedRowCount('payment_event')).toBe(0);
    // Within the window: applied.
    expect((await post(body, await signPayload(secret, body, Date.now() - 60_000))).body).toMatchObject({ outcome: 'applied' });
  });

  it('an event without its amount is 400 and changes nothing', async () => {
    const order = await pixOrder();
    const body = JSON.stringify({ id: 'evt-sem-valor', type: 'payment.confirmed', data: { orderId: order.id, accountId: MARIA, paidAt: Date.now() } });
    const answer = await post(body, await signPayload(env.WEBHOOK_SECRET ?? '', body));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'validation', message: 'Informe o valor pago (amount, em centavos).', field: 'data.amount' });
    expect((await statusOf(order.id)).status).toBe('aguardando-pagamento');
    expect(await storedRowCount('payment_event')).toBe(0);
  });

  it('a Worker without WEBHOOK_SECRET answers 503 with one line and logs which setting is missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const body = JSON.stringify({ id: 'evt-x', type: 'payment.confirmed', data: { orderId: 'order-1', accountId: MARIA, amount: 1 } });
      const response = await app.request(
        '/payment-webhook',
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Ponte-Signature': await signPayload('qualquer', body) }, body },
        { ...env, WEBHOOK_SECRET: undefined },
        createExecutionContext(),
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: { code: 'not-configured', message: PAYMENTS_UNAVAILABLE_MESSAGE } });
      expect(logged.mock.calls.flat().join(' ')).toContain('WEBHOOK_SECRET');
    } finally {
      logged.mockRestore();
    }
  });
});
