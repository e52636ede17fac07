import { describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { PIX_VALIDITY_MS } from '@/contracts/order';
import { testDb } from '@/testing/msw-server';
import { PAYMENT_CONFIRMATION_DELAY_MS } from '@/contracts/payments/platform';
import { type ApiPage, call, json } from '@/testing/demo-api';
import { maria, serra, type ApiOrder, type ApiError, ms, pixOrder, created, anchorOrderClock } from './orders-support';

anchorOrderClock();

describe('payment confirmation ("Já paguei") and provisioning', () => {
  it('the platform confirms 5 s later: paid, in the history, devices created and claimable by their codes', async () => {
    const order = await created();
    const said = await call(`/order/${order.id}/payment-confirmation`, { method: 'POST', token: maria });
    expect(said.status).toBe(202);
    const confirming = await json<ApiOrder>(said);
    expect(confirming.status).toBe('aguardando-pagamento');
    expect(confirming.payment.confirmingSince).not.toBeNull();
    const saidAt = Date.now();

    // Saying it twice changes nothing.
    expect((await call(`/order/${order.id}/payment-confirmation`, { method: 'POST', token: maria })).status).toBe(200);
    vi.setSystemTime(saidAt + PAYMENT_CONFIRMATION_DELAY_MS - 100);
    expect((await json<ApiOrder>(await call(`/order/${order.id}`, { token: maria }))).status).toBe('aguardando-pagamento');

    vi.setSystemTime(saidAt + PAYMENT_CONFIRMATION_DELAY_MS + 100);
    const paid = await json<ApiOrder>(await call(`/order/${order.id}`, { token: maria }));
    expect(paid.status).toBe('pago');
    expect(ms(paid.payment.paidAt ?? { seconds: 0, nanos: 0 })).toBe(saidAt + PAYMENT_CONFIRMATION_DELAY_MS);
    expect(paid.payment.confirmingSince).toBeNull();
    expect(paid.payment.pixCode).toBeNull();
    expect(paid.timeline.at(-1)).toMatchObject({ status: 'pago', actor: { kind: 'sistema', name: 'Plataforma de pagamento' }, note: 'Pix recebido.' });
    expect(paid.devices).toHaveLength(3);
    expect(testDb().data.notifications.at(-1)?.title).toBe('Pagamento confirmado');

    // In Dispositivos as "never connected", and their codes open them (the buyer owns them; another account cannot).
    const [device] = paid.devices;
    if (!device) throw new Error('sem dispositivo');
    const listed = await json<ApiPage<{ id: string; status: string; orderId: string }>>(
      await call(`/device?q=${encodeURIComponent(device.serialNumber)}`, { token: maria }),
    );
    expect(listed.data).toEqual([expect.objectContaining({ id: device.id, status: 'never-connected', orderId: order.id })]);
    const lookup = await json<{ device: { id: string }; ownedByYou: boolean }>(
      await call(`/device/setup/${device.setupCode.toLowerCase()}`, { token: maria }),
    );
    expect(lookup).toMatchObject({ device: { id: device.id }, ownedByYou: true });
    expect((await call(`/device/setup/${device.setupCode}`, { token: serra })).status).toBe(404);
    expect((await call(`/device/${device.id}`, { token: maria })).status).toBe(200);
    // Provisioned once: asking again does not add devices.
    expect((await json<ApiOrder>(await call(`/order/${order.id}`, { token: maria }))).devices).toHaveLength(3);
  });

  it('a device request settles the payment too', async () => {
    const order = await created({ ...pixOrder, paymentMethodId: 'payment-method-boleto' });
    await call(`/order/${order.id}/payment-confirmation`, { method: 'POST', token: maria });
    vi.setSystemTime(Date.now() + PAYMENT_CONFIRMATION_DELAY_MS + 1);
    const before = testDb().data.devices.length;
    await call('/device', { token: maria });
    const stored = testDb().data.orders.find((o) => o.id === order.id);
    expect(stored?.status).toBe('pago');
    expect(stored?.timeline.at(-1)?.note).toBe('Boleto compensado.');
    expect(testDb().data.devices.length).toBe(before + 3);
  });

  it('an expired Pix code cannot be confirmed; a new code can', async () => {
    const order = await created();
    vi.setSystemTime(Date.now() + PIX_VALIDITY_MS + 1000);
    const late = await call(`/order/${order.id}/payment-confirmation`, { method: 'POST', token: maria });
    expect(late.status).toBe(409);
    expect((await json<ApiError>(late)).error.code).toBe('pix-expired');
    const renewed = await json<ApiOrder>(await call(`/order/${order.id}/pix-code`, { method: 'POST', token: maria }));
    expect(renewed.payment.pixCode).not.toBe(order.payment.pixCode);
    expect(ms(renewed.payment.pixExpiresAt ?? { seconds: 0, nanos: 0 })).toBe(Date.now() + PIX_VALIDITY_MS);
    expect((await call(`/order/${order.id}/payment-confirmation`, { method: 'POST', token: maria })).status).toBe(202);
  });

  it('nothing to confirm for a card, a cancelled order or another account’s', async () => {
    expect((await call('/order/order-1006/payment-confirmation', { method: 'POST', token: maria })).status).toBe(200);
    expect((await call('/order/order-1007/payment-confirmation', { method: 'POST', token: maria })).status).toBe(409);
    expect((await call('/order/order-1004/payment-confirmation', { method: 'POST', token: serra })).status).toBe(404);
  });
});

describe('POST /order/:id/cancel', () => {
  const cancel = (id: string, body: object, version?: number | string, token = maria) =>
    call(`/order/${id}/cancel`, {
      method: 'POST',
      token,
      headers: version === undefined ? {} : { 'If-Match': String(version) },
      body: JSON.stringify(body),
    });

  it('while awaiting payment, over the current version, with the reason in the history', async () => {
    const current = await json<ApiOrder>(await call('/order/order-1004', { token: maria }));
    expect((await cancel('order-1004', { reason: 'x' })).status).toBe(428);
    const stale = await cancel('order-1004', { reason: 'x' }, current.version + 1);
    expect(stale.status).toBe(409);
    expect((await json<ApiError>(stale)).error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect((await cancel('order-1004', { reason: 'x'.repeat(501) }, current.version)).status).toBe(400);
    expect((await cancel('order-1004', { reason: 'x' }, current.version, serra)).status).toBe(404);

    const response = await cancel('order-1004', { reason: '  Comprei pelo distribuidor.  ' }, current.version);
    expect(response.status).toBe(200);
    const cancelled = await json<ApiOrder>(response);
    expect(cancelled.status).toBe('cancelado');
    expect(cancelled.cancelReason).toBe('Comprei pelo distribuidor.');
    expect(cancelled.version).toBe(current.version + 1);
    expect(cancelled.payment.boletoLine).toBeNull();
    expect(cancelled.timeline.at(-1)).toMatchObject({
      status: 'cancelado',
      actor: { kind: 'cliente', name: 'Maria Oliveira Santos' },
      note: 'Comprei pelo distribuidor.',
    });

    const again = await cancel('order-1004', {}, cancelled.version);
    expect(again.status).toBe(409);
    expect((await json<ApiError>(again)).error).toMatchObject({ code: 'order-not-cancellable', message: 'Este pedido já está cancelado.' });
  });

  it('refused once paid, shipped, or while the payment is being confirmed', async () => {
    const paid = await cancel('order-1006', {}, 1);
    expect(paid.status).toBe(409);
    expect((await json<ApiError>(paid)).error.message).toMatch(/já foi pago/);
    const shipped = await cancel('order-1003', {}, 1);
    expect((await json<ApiError>(shipped)).error.message).toBe('Este pedido já foi enviado e não pode mais ser cancelado.');

    const order = await created();
    const confirming = await json<ApiOrder>(await call(`/order/${order.id}/payment-confirmation`, { method: 'POST', token: maria }));
    const refused = await cancel(order.id, {}, confirming.version);
    expect(refused.status).toBe(409);
    expect((await json<ApiError>(refused)).error.message).toMatch(/confirmando o pagamento/);
  });

  it('an empty reason is allowed', async () => {
    const order = await created();
    const response = await cancel(order.id, {}, order.version);
    expect(response.status).toBe(200);
    const cancelled = await json<ApiOrder>(response);
    expect(cancelled.cancelReason).toBeNull();
    expect(cancelled.timeline.at(-1)?.note).toBeNull();
  });
});
