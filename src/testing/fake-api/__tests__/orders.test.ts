import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stockLimitMessage } from '@/contracts/catalog';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { SETUP_CODE_PATTERN } from '@/contracts/device';
import { ORDER_MESSAGES, PIX_VALIDITY_MS } from '@/contracts/order';
import { priceCart, SHIPPING_CENTS } from '@/contracts/pricing';
import { testDb, TEST_NOW } from '@/testing/msw-server';
import { isValidBoletoLine } from '@/contracts/payments/boleto';
import { parsePixCode } from '@/contracts/payments/pix';
import { PAYMENT_CONFIRMATION_DELAY_MS, PIX_MERCHANT } from '@/contracts/payments/platform';
import { demoPlatformBooks } from '@/testing/fake-api/resources/orders/pay-platform';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });

type Time = { seconds: number; nanos: number };
interface ApiOrder {
  id: string;
  number: number;
  items: Array<{ productId: string; sku: string; name: string; kind: string; quantity: number; unitPrice: number }>;
  itemCount: number;
  subtotal: number;
  discount: number;
  discountRule: { id: string; name: string; percent: number } | null;
  shipping: number;
  total: number;
  status: string;
  addressId: string | null;
  address: Record<string, string>;
  payment: {
    methodId: string;
    kind: string;
    methodName: string;
    installments: number;
    installmentAmount: number;
    pixCode: string | null;
    pixExpiresAt: Time | null;
    boletoLine: string | null;
    boletoDueAt: Time | null;
    cardBrand: string | null;
    cardLast4: string | null;
    paidAt: Time | null;
    confirmingSince: Time | null;
    paysAt?: unknown;
  };
  trackingCode: string | null;
  cancelReason: string | null;
  timeline: Array<{ status: string; at: Time; actor: { kind: string; name: string }; note: string | null }>;
  devices: Array<{ id: string; name: string; serialNumber: string; setupCode: string; status: string }>;
  version: number;
  createdAt: Time;
  updatedAt: Time;
  ownerUid?: string;
}
interface ApiProduct {
  id: string;
  sku: string;
  name: string;
  kind: string;
  unitPrice: number;
  stockLimit: number;
  active: boolean;
}
interface ApiError {
  error: { code: string; message: string; field?: string };
}

const ms = (time: Time) => time.seconds * 1000 + Math.floor(time.nanos / 1e6);

const APPROVED_CARD = { number: '4111 1111 1111 1111', holder: 'MARIA O SANTOS', expiry: '12/30', cvc: '123' };
const DECLINED_CARD = { ...APPROVED_CARD, number: '4000 0000 0000 0002' };
const PLATFORM_ERROR_CARD = { ...APPROVED_CARD, number: '4000 0000 0000 0119' };

/** The card tokenised at the demo platform, as the page does (POST /order gets the token, never the card). */
function tokenFor(card: typeof APPROVED_CARD) {
  const db = testDb().data;
  const platformId = db.paymentMethods.find((method) => method.id === 'payment-method-cartao')?.platformId;
  const publicKey = db.paymentPlatforms.find((platform) => platform.id === platformId)?.publicKey ?? '';
  const answer = demoPlatformBooks(testDb()).tokenise({ publicKey, card });
  if (!answer.ok) throw new Error(answer.message);
  return { token: answer.token, brand: answer.brand, last4: answer.last4 };
}

const pixOrder = {
  items: [{ productId: 'product-g1-4g', quantity: 3 }],
  addressId: 'address-1002',
  paymentMethodId: 'payment-method-pix',
  installments: 1,
};

function create(body: object, { token = maria, key }: { token?: string; key?: string } = {}) {
  return call('/order', {
    method: 'POST',
    token,
    headers: key ? { 'Idempotency-Key': key } : {},
    body: JSON.stringify(body),
  });
}

async function created(body: object = pixOrder): Promise<ApiOrder> {
  const response = await create(body);
  expect(response.status).toBe(201);
  return json<ApiOrder>(response);
}

const ordersCount = () => testDb().data.orders.length;

beforeEach(() => {
  // The seed's dates and discount rules are anchored at TEST_NOW; the handlers read the clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW + 60_000);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/product', () => {
  it('401 without a token; the active catalog, gateways first, prices in centavos', async () => {
    expect((await call('/product')).status).toBe(401);
    const [first] = testDb().data.products;
    if (!first) throw new Error('catálogo vazio');
    testDb().data.products.push({ ...first, id: 'product-old', active: false });
    const page = await json<ApiPage<ApiProduct>>(await call('/product', { token: maria }));
    expect(page.data.map((p) => p.kind)).toEqual(['gateway', 'gateway', 'gateway', 'plan', 'plan']);
    expect(page.data.map((p) => p.id)).not.toContain('product-old');
    expect(page.meta.total).toBe(5);
    const g1 = page.data.find((p) => p.id === 'product-g1-4g');
    expect(g1).toMatchObject({ sku: 'PG1-4G', name: 'Gateway Ponte G1 4G', unitPrice: 189_000, stockLimit: 50, active: true });
    expect(page.data.find((p) => p.kind === 'plan')?.name).toBe('Plano Conectividade 12 meses');
  });
});

describe('/order: list and detail', () => {
  it('401 without a token', async () => {
    expect((await call('/order')).status).toBe(401);
    expect((await call('/order/order-1004')).status).toBe(401);
    expect((await create(pixOrder, { token: '' })).status).toBe(401);
    expect((await call('/order/order-1004/cancel', { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('lists the caller’s six orders, newest first, without internal fields; another account’s order is 404', async () => {
    const page = await json<ApiPage<ApiOrder>>(await call('/order', { token: maria }));
    expect(page.meta.total).toBe(6);
    expect(page.data.map((o) => o.number)).toEqual([1004, 1006, 1003, 1007, 1002, 1001]);
    expect(page.data.every((o) => o.ownerUid === undefined && o.payment.paysAt === undefined)).toBe(true);
    expect(page.data.find((o) => o.number === 1001)?.itemCount).toBe(30);

    const other = await call('/order/order-1005', { token: maria });
    expect(other.status).toBe(404);
    expect((await json<ApiError>(other)).error.message).toBe('Pedido não encontrado.');
    const theirs = await json<ApiPage<ApiOrder>>(await call('/order', { token: serra }));
    expect(theirs.data.map((o) => o.number)).toEqual([1005]);
  });

  it('searches by number, filters by status and period, sorts by number and total', async () => {
    const list = async (params: string) =>
      (await json<ApiPage<ApiOrder>>(await call(`/order?${params}`, { token: maria }))).data.map((o) => o.number);
    expect(await list('q=1004')).toEqual([1004]);
    expect(await list(`q=${encodeURIComponent('#1006')}`)).toEqual([1006]);
    expect(await list('q=9999')).toEqual([]);
    expect(await list('status=aguardando-pagamento')).toEqual([1004]);
    expect(await list('status=entregue')).toEqual([1002, 1001]);
    expect(await list('period=7d')).toEqual([1004, 1006]);
    expect(await list('period=90d')).toEqual([1004, 1006, 1003, 1007]);
    expect(await list('period=12m&status=entregue')).toEqual([1002, 1001]);
    expect(await list('sort=number')).toEqual([1001, 1002, 1003, 1004, 1006, 1007]);
    const byTotal = await json<ApiPage<ApiOrder>>(await call('/order?sort=-total', { token: maria }));
    const totals = byTotal.data.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    // Unknown values fall back instead of failing.
    expect(await list('status=perdido&period=1y&sort=drop')).toHaveLength(6);
  });

  it('an unpaid boleto order carries its line and due date; a paid one its devices and history', async () => {
    const unpaid = await json<ApiOrder>(await call('/order/order-1004', { token: maria }));
    expect(unpaid.status).toBe('aguardando-pagamento');
    expect(unpaid.payment.kind).toBe('boleto');
    expect(unpaid.payment.boletoLine).toMatch(/^\d{47}$/);
    expect(ms(unpaid.payment.boletoDueAt ?? { seconds: 0, nanos: 0 }) - ms(unpaid.createdAt)).toBe(3 * 24 * 3600 * 1000);
    expect(unpaid.timeline).toEqual([
      { status: 'aguardando-pagamento', at: unpaid.createdAt, actor: { kind: 'cliente', name: 'Maria Oliveira Santos' }, note: null },
    ]);
    expect(unpaid.devices).toEqual([]);
    expect(unpaid.addressId).toBe('address-1001');

    const shipped = await json<ApiOrder>(await call('/order/order-1003', { token: maria }));
    expect(shipped.devices).toHaveLength(15);
    expect(shipped.trackingCode).toMatch(/^BR\d{9}BR$/);
    expect(shipped.timeline.map((step) => step.status)).toEqual(['aguardando-pagamento', 'pago', 'em-separacao', 'enviado']);
    expect(shipped.timeline[1]?.actor).toEqual({ kind: 'sistema', name: 'Plataforma de pagamento' });
    expect(shipped.timeline[2]?.actor.kind).toBe('equipe');
    expect(shipped.total).toBe(shipped.subtotal - shipped.discount + shipped.shipping);

    const byCard = await json<ApiOrder>(await call('/order/order-1006', { token: maria }));
    expect(byCard.payment).toMatchObject({ kind: 'cartao-credito', installments: 3, cardBrand: 'Visa', cardLast4: '1111' });
    expect(byCard.payment.installmentAmount).toBe(Math.ceil(byCard.total / 3));
    expect(byCard.devices).toHaveLength(5);
    expect(byCard.discountRule?.name).toBe('Lote de 5 gateways');
  });
});

describe('POST /order: validation', () => {
  const refused = async (body: object, status: number) => {
    const before = ordersCount();
    const response = await create(body);
    expect(response.status).toBe(status);
    expect(ordersCount()).toBe(before);
    return (await json<ApiError>(response)).error;
  };

  it('quantities: zero, negative, decimal or text are refused on the item', async () => {
    for (const quantity of [0, -2, 1.5, 'abc', null]) {
      const error = await refused({ ...pixOrder, items: [{ productId: 'product-g1-4g', quantity }] }, 400);
      expect(error).toMatchObject({ code: 'validation', message: 'Informe uma quantidade inteira maior que zero.', field: 'items.0.quantity' });
    }
  });

  it('no items, a repeated product, an unknown or inactive product, and the stock limit', async () => {
    expect(await refused({ ...pixOrder, items: [] }, 400)).toMatchObject({ message: ORDER_MESSAGES.noItems, field: 'items' });
    expect(
      await refused(
        { ...pixOrder, items: [{ productId: 'product-g1-4g', quantity: 1 }, { productId: 'product-g1-4g', quantity: 2 }] },
        400,
      ),
    ).toMatchObject({ message: 'Este produto já está no pedido.', field: 'items.1.productId' });
    expect(await refused({ ...pixOrder, items: [{ productId: 'product-nada', quantity: 1 }] }, 400)).toMatchObject({
      message: 'Produto não encontrado.',
      field: 'items.0.productId',
    });
    const wifi = testDb().data.products.find((p) => p.id === 'product-g1-wifi');
    if (wifi) wifi.active = false;
    expect(await refused({ ...pixOrder, items: [{ productId: 'product-g1-wifi', quantity: 1 }] }, 400)).toMatchObject({
      message: 'Este produto não está mais à venda.',
    });
    const over = await refused({ ...pixOrder, items: [{ productId: 'product-g1-4g', quantity: 51 }] }, 400);
    expect(over).toMatchObject({ message: 'Quantidade máxima por pedido: 50 unidades.', field: 'items.0.quantity' });
    expect(stockLimitMessage(50)).toBe('Quantidade máxima por pedido: 50 unidades.');
    // Exactly the limit is fine.
    expect((await create({ ...pixOrder, items: [{ productId: 'product-g1-4g', quantity: 50 }] })).status).toBe(201);
  });

  it('the address must be the caller’s', async () => {
    expect(await refused({ ...pixOrder, addressId: 'address-nada' }, 400)).toMatchObject({
      message: 'Endereço não encontrado.',
      field: 'addressId',
    });
    const theirs = await create(pixOrder, { token: serra });
    expect(theirs.status).toBe(400);
    expect((await json<ApiError>(theirs)).error).toMatchObject({ message: 'Endereço não encontrado.', field: 'addressId' });
    expect(await refused({ ...pixOrder, addressId: '' }, 400)).toMatchObject({ message: 'Escolha o endereço de entrega.' });
  });

  it('the payment method: unknown 400, disabled (or its platform) 409, instalments within its maximum, card data for a card', async () => {
    expect(await refused({ ...pixOrder, paymentMethodId: 'payment-method-nada' }, 400)).toMatchObject({
      message: 'Forma de pagamento não encontrada.',
      field: 'paymentMethodId',
    });
    const methods = testDb().data.paymentMethods;
    const pix = methods.find((m) => m.id === 'payment-method-pix');
    if (!pix) throw new Error('seed sem Pix');
    pix.enabled = false;
    expect(await refused(pixOrder, 409)).toEqual({
      code: 'payment-method-disabled',
      message: 'Esta forma de pagamento foi desativada. Escolha outra.',
      field: 'paymentMethodId',
    });
    pix.enabled = true;
    const platform = testDb().data.paymentPlatforms.find((p) => p.id === pix.platformId);
    if (!platform) throw new Error('seed sem plataforma');
    platform.enabled = false;
    expect((await refused(pixOrder, 409)).code).toBe('payment-method-disabled');
    platform.enabled = true;

    expect(await refused({ ...pixOrder, installments: 2 }, 400)).toMatchObject({
      message: 'Esta forma de pagamento não permite parcelamento.',
      field: 'installments',
    });
    expect(await refused({ ...pixOrder, installments: 0 }, 400)).toMatchObject({ field: 'installments' });
    const card = { ...pixOrder, paymentMethodId: 'payment-method-cartao', card: tokenFor(APPROVED_CARD) };
    expect(await refused({ ...card, installments: 11 }, 400)).toMatchObject({
      message: 'Esta forma de pagamento permite no máximo 10 parcelas.',
      field: 'installments',
    });
    const { card: _card, ...withoutCard } = card;
    expect(await refused(withoutCard, 400)).toMatchObject({ message: 'Informe os dados do cartão.', field: 'card.number' });
  });
});

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
    expect((await call(`/device/setup/${device.setupCode}`, { token: serra })).status).toBe(409);
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
