import { describe, expect, it, vi } from 'vitest';
import { SETUP_CODE_PATTERN } from '@/contracts/device';
import { isValidBoletoLine } from '@/contracts/payments/boleto';
import { parsePixCode } from '@/contracts/payments/pix';
import { PIX_VALIDITY_MS } from '@/contracts/order';
import { priceCart, SHIPPING_CENTS } from '@/contracts/pricing';
import { testDb } from '@/testing/msw-server';
import { PIX_MERCHANT } from '@/contracts/payments/platform';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { call, json } from '@/testing/demo-api';
import {
  maria,
  serra,
  type ApiOrder,
  type ApiError,
  ms,
  APPROVED_CARD,
  DECLINED_CARD,
  PLATFORM_ERROR_CARD,
  tokenFor,
  pixOrder,
  create,
  created,
  ordersCount,
  anchorOrderClock,
} from './orders-support';

anchorOrderClock();

describe('POST /order: pricing, payment and idempotency', () => {
  it('prices from the catalog and the rules in force, whatever the client sends', async () => {
    const order = await created({
      ...pixOrder,
      items: [
        { productId: 'product-g1-eth', quantity: 20, unitPrice: 1 },
        { productId: 'product-plan-12m', quantity: 2 },
      ],
      total: 100,
      discount: 99_999_999,
    });
    const now = Date.now();
    const tiers = testDb()
      .data.discountRules.filter((r) => r.active && r.validFrom <= now && (r.validUntil === null || r.validUntil >= now))
      .map((r) => ({ id: r.id, name: r.name, minQuantity: r.minQuantity, percent: r.percent }));
    const expected = priceCart(
      [
        { productId: 'product-g1-eth', quantity: 20, unitPrice: 149_000, countsForDiscount: true },
        { productId: 'product-plan-12m', quantity: 2, unitPrice: 59_880, countsForDiscount: false },
      ],
      tiers,
    );
    expect(order.items.map((i) => [i.sku, i.quantity, i.unitPrice])).toEqual([
      ['PG1-ETH', 20, 149_000],
      ['PLN-CON-12', 2, 59_880],
    ]);
    expect(order.subtotal).toBe(20 * 149_000 + 2 * 59_880);
    expect(order.discount).toBe(expected.discount);
    expect(order.discount).toBeGreaterThan(0);
    expect(order.discountRule?.id).toBe(expected.rule?.id);
    expect(order.shipping).toBe(SHIPPING_CENTS);
    expect(order.total).toBe(expected.total);
    expect(order.itemCount).toBe(22);
  });

  it('Pix: awaiting payment with a code valid for 30 minutes, the buyer first in the history, the address copied', async () => {
    const order = await created();
    expect(order.number).toBe(1008);
    expect(order.status).toBe('aguardando-pagamento');
    expect(order.payment.pixCode).toMatch(/^000201/);
    // A well-formed BR Code (CRC ok) charging the order's total to the platform's merchant, once.
    const pix = parsePixCode(order.payment.pixCode ?? '');
    expect(pix.valid).toBe(true);
    expect(pix.fields.get('54')).toBe((order.total / 100).toFixed(2));
    expect(pix.fields.get('26.01')).toBe(PIX_MERCHANT.key);
    expect(pix.fields.get('59')).toBe(PIX_MERCHANT.merchantName);
    expect(pix.fields.get('62.05')).toMatch(/^PONTE1008[0-9A-Z]+$/);
    expect(ms(order.payment.pixExpiresAt ?? { seconds: 0, nanos: 0 })).toBe(Date.now() + PIX_VALIDITY_MS);
    expect(order.payment.paidAt).toBeNull();
    expect(order.timeline).toHaveLength(1);
    expect(order.timeline[0]).toMatchObject({ status: 'aguardando-pagamento', actor: { kind: 'cliente', name: 'Maria Oliveira Santos' } });
    expect(order.addressId).toBe('address-1002');
    expect(order.address).toMatchObject({ street: 'Avenida Paulista', number: '1578', city: 'São Paulo', uf: 'SP' });
    expect(order.devices).toEqual([]);
    const notice = testDb().data.notifications.at(-1);
    expect(notice).toMatchObject({ title: 'Novo pedido #1008', read: false });
    expect(notice?.message).toContain('Maria Oliveira Santos fez um pedido de 3 gateways');
    expect((await call(`/order/${order.id}`, { token: maria })).status).toBe(200);
    expect((await call(`/order/${order.id}`, { token: serra })).status).toBe(404);
  });

  it('boleto: the line (47 digits) due in 3 days', async () => {
    const order = await created({ ...pixOrder, paymentMethodId: 'payment-method-boleto' });
    expect(order.payment.boletoLine).toMatch(/^\d{47}$/);
    expect(isValidBoletoLine(order.payment.boletoLine ?? '')).toBe(true);
    // The line's last field: due-date factor and the amount in centavos.
    expect(order.payment.boletoLine?.slice(-10)).toBe(String(order.total).padStart(10, '0'));
    expect(order.payment.pixCode).toBeNull();
    expect(ms(order.payment.boletoDueAt ?? { seconds: 0, nanos: 0 }) - ms(order.createdAt)).toBe(3 * 24 * 3600 * 1000);
  });

  it('a retried create (same Idempotency-Key) answers the first order instead of making a second', async () => {
    const before = ordersCount();
    const first = await create(pixOrder, { key: 'pedido-chave-1' });
    const again = await create(pixOrder, { key: 'pedido-chave-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    const [a, b] = [await json<ApiOrder>(first), await json<ApiOrder>(again)];
    expect(b.id).toBe(a.id);
    expect(b.payment.pixCode).toBe(a.payment.pixCode);
    expect(ordersCount()).toBe(before + 1);
    // A new submission (new key) is a new order; the key on another route is refused.
    expect((await json<ApiOrder>(await create(pixOrder, { key: 'pedido-chave-2' }))).id).not.toBe(a.id);
    expect(ordersCount()).toBe(before + 2);
    const elsewhere = await call('/customer', {
      method: 'POST',
      token: maria,
      headers: { 'Idempotency-Key': 'pedido-chave-1' },
      body: JSON.stringify({ name: 'X', cnpj: '11.222.333/0001-81' }),
    });
    expect(elsewhere.status).toBe(422);
  });

  it('two creates with the same key sent together make one order, both answered with it', async () => {
    const before = ordersCount();
    const [first, second] = await Promise.all([
      create(pixOrder, { key: 'pedido-chave-junto' }),
      create(pixOrder, { key: 'pedido-chave-junto' }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await json<ApiOrder>(second)).id).toBe((await json<ApiOrder>(first)).id);
    expect(ordersCount()).toBe(before + 1);
  });

  it('a refused create may be retried with the same key once fixed', async () => {
    const bad = await create({ ...pixOrder, addressId: 'address-nada' }, { key: 'pedido-chave-3' });
    expect(bad.status).toBe(400);
    expect((await create(pixOrder, { key: 'pedido-chave-3' })).status).toBe(201);
  });
});

describe('POST /order: cards', () => {
  const cardOrder = (card: typeof APPROVED_CARD, installments = 3) => ({
    ...pixOrder,
    items: [{ productId: 'product-g1-wifi', quantity: 2 }],
    paymentMethodId: 'payment-method-cartao',
    installments,
    card: tokenFor(card),
  });

  it('approved: paid at once by the platform, gateways provisioned as claimable devices of the buyer', async () => {
    const order = await created(cardOrder(APPROVED_CARD));
    expect(order.status).toBe('pago');
    expect(order.payment).toMatchObject({ kind: 'cartao-credito', cardBrand: 'Visa', cardLast4: '1111', installments: 3 });
    expect(order.payment.paidAt).not.toBeNull();
    expect(order.timeline).toHaveLength(1);
    expect(order.timeline[0]).toMatchObject({ status: 'pago', actor: { kind: 'sistema', name: 'Plataforma de pagamento' } });
    expect(order.timeline[0]?.note).toBe('Pagamento aprovado no cartão Visa final 1111 em 3x.');
    expect(order.devices).toHaveLength(2);
    const codes = new Set(testDb().data.devices.map((d) => d.setupCode));
    expect(codes.size).toBe(testDb().data.devices.length);
    for (const device of order.devices) {
      expect(device.setupCode).toMatch(SETUP_CODE_PATTERN);
      expect(device.status).toBe('never-connected');
      const stored = testDb().data.devices.find((d) => d.id === device.id);
      expect(stored).toMatchObject({ ownerUid: DEMO_CUSTOMER_UID, orderId: order.id, hardwareModel: 'Ponte G1 Wi-Fi', machineId: null });
    }
    const titles = testDb().data.notifications.slice(-2).map((n) => n.title);
    expect(titles).toEqual(['Novo pedido #1008', 'Pagamento confirmado']);
  });

  it('declined: 402 with the operator’s message, no order, the staff told', async () => {
    const before = ordersCount();
    const response = await create(cardOrder(DECLINED_CARD));
    expect(response.status).toBe(402);
    expect((await json<ApiError>(response)).error).toMatchObject({ code: 'card-declined', message: 'Pagamento recusado pela operadora do cartão.' });
    expect(ordersCount()).toBe(before);
    const notice = testDb().data.notifications.at(-1);
    expect(notice?.title).toBe('Pagamento recusado');
    expect(notice?.message).toContain('final 0002');
  });

  it('platform error: 502, nothing charged, no order', async () => {
    const before = ordersCount();
    const response = await create(cardOrder(PLATFORM_ERROR_CARD), { key: 'cartao-502' });
    expect(response.status).toBe(502);
    expect((await json<ApiError>(response)).error.message).toBe('A plataforma de pagamento não respondeu. Nenhuma cobrança foi feita.');
    expect(ordersCount()).toBe(before);
    // Not kept as the key's answer: the same submission may be tried again.
    expect(testDb().data.idempotency['cartao-502']).toBeUndefined();
  });

  it('the card number appears nowhere: not in the database, not in any answer, not in the console', async () => {
    const logged: unknown[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(...args);
      });
    }
    const answers: string[] = [];
    for (const [index, card] of [APPROVED_CARD, DECLINED_CARD, PLATFORM_ERROR_CARD].entries()) {
      answers.push(await (await create(cardOrder(card), { key: `cartao-${index}` })).text());
    }
    const order = testDb().data.orders.at(-1);
    answers.push(await (await call(`/order/${order?.id ?? ''}`, { token: maria })).text());
    answers.push(await (await call('/order?perPage=100', { token: maria })).text());
    const everything = [JSON.stringify(testDb().data), ...answers, JSON.stringify(logged)].join('\n');
    for (const card of [APPROVED_CARD, DECLINED_CARD, PLATFORM_ERROR_CARD]) {
      const digits = card.number.replace(/\s/g, '');
      expect(everything.includes(digits), `${digits} guardado ou respondido`).toBe(false);
      expect(everything.includes(card.number), `${card.number} guardado ou respondido`).toBe(false);
    }
    expect(everything.includes(APPROVED_CARD.holder), 'nome do titular guardado').toBe(false);
    // The card did make an order: only its brand and last four digits are kept.
    expect(testDb().data.orders.at(-1)?.payment).toMatchObject({ cardBrand: 'Visa', cardLast4: '1111' });
  });
});
