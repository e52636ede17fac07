import { describe, expect, it } from 'vitest';
import { stockLimitMessage } from '@/contracts/catalog';
import { ORDER_MESSAGES } from '@/contracts/order';
import { testDb } from '@/testing/msw-server';
import { type ApiPage, call, json } from '@/testing/demo-api';
import {
  maria,
  serra,
  type ApiOrder,
  type ApiProduct,
  type ApiError,
  ms,
  APPROVED_CARD,
  tokenFor,
  pixOrder,
  create,
  ordersCount,
  anchorOrderClock,
} from './orders-support';

anchorOrderClock();

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
