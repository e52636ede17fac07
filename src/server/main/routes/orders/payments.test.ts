import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { PIX_VALIDITY_MS } from '@/contracts/order';
import { call } from '../../../testing/api';
import { PAYMENT_CONFIRMATION_DELAY_MS } from '@/contracts/payments/platform';
import {
  storedRowCount,
  callCreateOrder,
  demoCall,
  storedLatestNotices,
  MARIA,
  makeMillis,
  PIX_ORDER,
  seedDemo,
  SERRA,
  arrangeSql,
  type ApiFailure,
  type ApiOrder,
} from './test-helpers';

beforeEach(seedDemo);

async function created(body: object = PIX_ORDER): Promise<ApiOrder> {
  const answer = await callCreateOrder(body);
  expect(answer.status).toBe(201);
  return answer.body;
}

const confirm = (id: string, as = MARIA) => demoCall<ApiOrder & ApiFailure>('POST', `/order/${id}/payment-confirmation`, { as });
/** The demo platform's confirmation time has come (as if 5 s had passed). */
const makeDue = (id: string) => arrangeSql('UPDATE purchase_order SET pays_at = ? WHERE id = ?', Date.now() - 1, id);

describe('payment confirmation ("Já paguei") in demo mode, and provisioning', () => {
  it('confirms once due: paid, in the history, devices created; saying it twice changes nothing', async () => {
    const order = await created();
    const said = await confirm(order.id);
    expect(said.status).toBe(202);
    expect(said.body.status).toBe('aguardando-pagamento');
    expect(said.body.payment.confirmingSince).not.toBeNull();
    expect(said.body.payment.paysAt).toBeUndefined();
    const stored = await env.DB.prepare('SELECT pays_at, confirming_since FROM purchase_order WHERE id = ?')
      .bind(order.id)
      .first<{ pays_at: number; confirming_since: number }>();
    expect((stored?.pays_at ?? 0) - (stored?.confirming_since ?? 0)).toBe(PAYMENT_CONFIRMATION_DELAY_MS);
    expect((await confirm(order.id)).status).toBe(200);
    // Not due yet: still awaiting.
    expect((await demoCall<ApiOrder>('GET', `/order/${order.id}`, { as: MARIA })).body.status).toBe('aguardando-pagamento');

    await makeDue(order.id);
    const dueAt = (await env.DB.prepare('SELECT pays_at FROM purchase_order WHERE id = ?').bind(order.id).first<{ pays_at: number }>())?.pays_at;
    const paid = (await demoCall<ApiOrder>('GET', `/order/${order.id}`, { as: MARIA })).body;
    expect(paid.status).toBe('pago');
    expect(makeMillis(paid.payment.paidAt)).toBe(dueAt);
    expect(paid.payment.confirmingSince).toBeNull();
    expect(paid.payment.pixCode).toBeNull();
    expect(paid.timeline.at(-1)).toMatchObject({ status: 'pago', actor: { kind: 'sistema', name: 'Plataforma de pagamento' }, note: 'Pix recebido.' });
    expect(paid.devices).toHaveLength(3);
    expect(paid.version).toBe(3);
    expect((await storedLatestNotices(1))[0]).toMatchObject({ title: 'Pagamento confirmado', subject_id: order.id });
    expect((await storedLatestNotices(1))[0]?.message).toContain('3 gateways provisionados.');
    const [device] = paid.devices;
    const lookup = await call<{ device: { id: string }; ownedByYou: boolean }>('GET', `/device/setup/${device?.setupCode.toLowerCase() ?? ''}`, { as: MARIA });
    expect(lookup.body).toMatchObject({ device: { id: device?.id }, ownedByYou: true });
    expect((await call('GET', `/device/setup/${device?.setupCode ?? ''}`, { as: SERRA })).status).toBe(404);
    // Provisioned once: reading again (and the event again) adds nothing.
    expect((await demoCall<ApiOrder>('GET', `/order/${order.id}`, { as: MARIA })).body.devices).toHaveLength(3);
    expect(await storedRowCount('payment_event', 'order_id = ?', order.id)).toBe(1);
  });

  it('an order list settles the payment too (a boleto: "Boleto compensado.")', async () => {
    const order = await created({ ...PIX_ORDER, paymentMethodId: 'payment-method-boleto' });
    await confirm(order.id);
    await makeDue(order.id);
    const before = await storedRowCount('device');
    await demoCall('GET', '/order', { as: MARIA });
    const paid = (await call<ApiOrder>('GET', `/order/${order.id}`, { as: MARIA })).body;
    expect(paid.status).toBe('pago');
    expect(paid.timeline.at(-1)?.note).toBe('Boleto compensado.');
    expect(await storedRowCount('device')).toBe(before + 3);
  });

  it('the demo platform calls the signed webhook ~5 s after "Já paguei", without any read', { timeout: 20_000 }, async () => {
    const order = await created();
    const said = await demoCall('POST', `/order/${order.id}/payment-confirmation`, { as: MARIA, waitBackground: true });
    expect(said.status).toBe(202);
    const paid = (await call<ApiOrder>('GET', `/order/${order.id}`, { as: MARIA })).body;
    expect(paid.status).toBe('pago');
    expect(paid.devices).toHaveLength(3);
    expect(await storedRowCount('payment_event', "order_id = ? AND outcome = 'applied'", order.id)).toBe(1);
  });

  it('outside demo mode "Já paguei" only marks the order as being confirmed: the real platform’s webhook pays it', async () => {
    const order = await created();
    const said = await call<ApiOrder>('POST', `/order/${order.id}/payment-confirmation`, { as: MARIA });
    expect(said.status).toBe(202);
    expect(said.body.payment.confirmingSince).not.toBeNull();
    expect(await storedRowCount('purchase_order', 'id = ? AND pays_at IS NULL', order.id)).toBe(1);
  });

  it('an expired Pix code cannot be confirmed; a new code can', async () => {
    const order = await created();
    await arrangeSql('UPDATE purchase_order SET pix_expires_at = ? WHERE id = ?', Date.now() - 1000, order.id);
    const late = await confirm(order.id);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('pix-expired');
    const before = Date.now();
    const renewed = (await call<ApiOrder>('POST', `/order/${order.id}/pix-code`, { as: MARIA })).body;
    expect(renewed.payment.pixCode).not.toBe(order.payment.pixCode);
    expect(makeMillis(renewed.payment.pixExpiresAt)).toBeGreaterThanOrEqual(before + PIX_VALIDITY_MS);
    expect(renewed.version).toBe(order.version + 1);
    expect((await confirm(order.id)).status).toBe(202);
    const notPix = await call<ApiFailure>('POST', '/order/order-1004/pix-code', { as: MARIA });
    expect(notPix.status).toBe(409);
    expect(notPix.body.error.code).toBe('order-not-awaiting-payment');
  });

  it('nothing to confirm for a card, a cancelled order or another account’s', async () => {
    expect((await confirm('order-1006')).status).toBe(200);
    const cancelled = await confirm('order-1007');
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.code).toBe('order-not-awaiting-payment');
    expect((await confirm('order-1004', SERRA)).status).toBe(404);
  });
});

describe('POST /order/:id/cancel', () => {
  const cancel = (id: string, body: object, version?: number | string, as = MARIA) =>
    call<ApiOrder & ApiFailure>('POST', `/order/${id}/cancel`, {
      as,
      headers: version === undefined ? {} : { 'If-Match': String(version) },
      body,
    });

  it('while awaiting payment, over the current version, with the reason in the history', async () => {
    const current = (await call<ApiOrder>('GET', '/order/order-1004', { as: MARIA })).body;
    expect((await cancel('order-1004', { reason: 'x' })).status).toBe(428);
    const stale = await cancel('order-1004', { reason: 'x' }, current.version + 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect((await cancel('order-1004', { reason: 'x'.repeat(501) }, current.version)).status).toBe(400);
    expect((await cancel('order-1004', { reason: 'x' }, current.version, SERRA)).status).toBe(404);

    const answer = await cancel('order-1004', { reason: '  Comprei pelo distribuidor.  ' }, current.version);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('cancelado');
    expect(answer.body.cancelReason).toBe('Comprei pelo distribuidor.');
    expect(answer.body.version).toBe(current.version + 1);
    expect(answer.body.payment.boletoLine).toBeNull();
    expect(answer.body.timeline.at(-1)).toMatchObject({
      status: 'cancelado',
      actor: { kind: 'cliente', name: 'Maria Oliveira Santos' },
      note: 'Comprei pelo distribuidor.',
    });
    expect((await storedLatestNotices(1))[0]).toMatchObject({
      title: 'Pedido #1004 cancelado',
      message: expect.stringContaining('Maria Oliveira Santos cancelou o pedido #1004'),
    });
    const again = await cancel('order-1004', {}, answer.body.version);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'order-not-cancellable', message: 'Este pedido já está cancelado.' });
  });

  it('refused once paid, shipped, or while the payment is being confirmed', async () => {
    expect((await cancel('order-1006', {}, 1)).body.error.message).toMatch(/já foi pago/);
    expect((await cancel('order-1003', {}, 1)).body.error.message).toBe('Este pedido já foi enviado e não pode mais ser cancelado.');
    const order = await created();
    const confirming = (await confirm(order.id)).body;
    const refused = await cancel(order.id, {}, confirming.version);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/confirmando o pagamento/);
  });

  it('an empty reason is allowed', async () => {
    const order = await created();
    const answer = await cancel(order.id, {}, order.version);
    expect(answer.status).toBe(200);
    expect(answer.body.cancelReason).toBeNull();
    expect(answer.body.timeline.at(-1)?.note).toBeNull();
  });
});
