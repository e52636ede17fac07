import { describe, expect, it, vi } from 'vitest';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Product } from '@/contracts/catalog';
import { ORDER_MESSAGES } from '@/contracts/order';
import type { DiscountTier } from '@/contracts/pricing';
import type { CheckoutPaymentMethod } from '@/contracts/payment-method';
import {
  CART_STORAGE_KEY,
  cartFingerprint,
  currentSubmissionKey,
  EMPTY_CART,
  parseStoredCheckout,
  serializeCheckout,
  withAttempt,
  withQuantity,
  withSubmissionKey,
  type CheckoutCart,
} from '../checkout/cart';
import { createCartStore } from '../checkout/cart-store';
import { EMPTY_CARD, paymentFormSchema } from '../checkout/payment-form';
import {
  installmentOptions,
  nextTierText,
  previewCart,
  priceAnnouncement,
  quantityProblem,
  stockLimitText,
} from '../checkout/price-preview';
import { blockingStep, parseStep, stepProblems, toOrderInput, type CheckoutContext } from '../checkout/steps';
import { classifySubmitFailure } from '../checkout/submit-outcome';

const NBSP = '\u00a0';
const brl = (text: string) => text.replace(/R\$ /g, `R$${NBSP}`);

const product = (id: string, kind: Product['kind'], unitPrice: number, name = id): Product => ({
  id,
  sku: id.toUpperCase(),
  name,
  description: '',
  kind,
  unitPrice,
  stockLimit: 50,
  hardwareModel: kind === 'gateway' ? name : null,
  image: kind === 'gateway' ? 'gateway' : 'plan',
  active: true,
  version: 1,
  updatedAt: new Date(0),
});

const PRODUCTS: Product[] = [
  product('product-g1-4g', 'gateway', 189_000, 'Gateway Ponte G1 4G'),
  product('product-g1-eth', 'gateway', 149_000, 'Gateway Ponte G1 Ethernet'),
  product('product-plan-12m', 'plan', 59_880, 'Plano Conectividade 12 meses'),
];

const TIERS: DiscountTier[] = [
  { id: 'r5', name: 'Lote de 5 gateways', minQuantity: 5, percent: 5 },
  { id: 'r10', name: 'Lote de 10 gateways', minQuantity: 10, percent: 8 },
  { id: 'r20', name: 'Lote de 20 gateways', minQuantity: 20, percent: 12 },
  { id: 'r50', name: 'Black Friday 2026', minQuantity: 50, percent: 15 },
];

const METHODS: CheckoutPaymentMethod[] = [
  { id: 'payment-method-pix', name: 'Pix', kind: 'pix', maxInstallments: 1, publicKey: 'pk_pix' },
  { id: 'payment-method-boleto', name: 'Boleto bancário', kind: 'boleto', maxInstallments: 1, publicKey: 'pk_boleto' },
  { id: 'payment-method-cartao', name: 'Cartão de crédito', kind: 'cartao-credito', maxInstallments: 10, publicKey: 'pk_cartao' },
];

const CARD = { number: '4111111111111111', holder: 'MARIA O SANTOS', expiry: '12/35', cvc: '123' };

const cartWith = (partial: Partial<CheckoutCart>): CheckoutCart => ({ ...EMPTY_CART, ...partial });

const ctx = (partial: Partial<CheckoutContext> = {}): CheckoutContext => ({
  products: PRODUCTS,
  addressIds: ['address-1001', 'address-1002'],
  methods: METHODS,
  card: null,
  ...partial,
});

let keys = 0;
const makeKey = () => `chave-de-teste-${(keys += 1)}`;

describe('cart persistence', () => {
  const stored = {
    owner: 'uid-maria',
    cart: cartWith({ items: [{ productId: 'product-g1-4g', quantity: 10 }], addressId: 'address-1001', paymentMethodId: 'payment-method-pix' }),
    placed: null,
  };

  it('round-trips the cart of its owner, and nothing else', () => {
    const raw = serializeCheckout(stored);
    expect(parseStoredCheckout(raw, 'uid-maria')).toEqual(stored);
    // Another account on the same browser starts empty; a broken or foreign value is never trusted.
    expect(parseStoredCheckout(raw, 'uid-outra')).toBeNull();
    expect(parseStoredCheckout('{not json', 'uid-maria')).toBeNull();
    expect(parseStoredCheckout(JSON.stringify({ ...JSON.parse(raw), v: 99 }), 'uid-maria')).toBeNull();
    const tampered = JSON.parse(raw) as { cart: { items: Array<{ quantity: number }> } };
    tampered.cart.items[0] = { ...tampered.cart.items[0], quantity: 2.5 };
    expect(parseStoredCheckout(JSON.stringify(tampered), 'uid-maria')).toBeNull();
  });

  it('never stores card data, and keeps one line per product', () => {
    const raw = serializeCheckout(stored);
    expect(raw).not.toMatch(/4111|card|cvc/i);
    const duplicated = JSON.parse(raw) as { cart: { items: unknown[] } };
    duplicated.cart.items.push({ productId: 'product-g1-4g', quantity: 3 });
    expect(parseStoredCheckout(JSON.stringify(duplicated), 'uid-maria')?.cart.items).toEqual([{ productId: 'product-g1-4g', quantity: 10 }]);
  });

  it('sets, replaces and removes quantities', () => {
    let cart = withQuantity(EMPTY_CART, 'product-g1-4g', 1);
    cart = withQuantity(cart, 'product-plan-12m', 2);
    cart = withQuantity(cart, 'product-g1-4g', 12);
    expect(cart.items).toEqual([
      { productId: 'product-g1-4g', quantity: 12 },
      { productId: 'product-plan-12m', quantity: 2 },
    ]);
    expect(withQuantity(cart, 'product-g1-4g', 12)).toBe(cart);
    expect(withQuantity(cart, 'product-g1-4g', 0).items).toEqual([{ productId: 'product-plan-12m', quantity: 2 }]);
  });
});

describe('the Idempotency-Key kept with the cart', () => {
  const base = cartWith({ items: [{ productId: 'product-g1-4g', quantity: 10 }], addressId: 'address-1001', paymentMethodId: 'payment-method-pix' });

  it('is made once for a cart and reused while the cart stays the same', () => {
    const keyed = withSubmissionKey(base, makeKey);
    const key = keyed.submission?.key;
    expect(key).toMatch(/^chave-de-teste-/);
    expect(withSubmissionKey(keyed, makeKey)).toBe(keyed);
    expect(currentSubmissionKey(keyed)).toBe(key);
    // The same cart in another order of lines is the same order.
    const reordered = { ...keyed, items: [...keyed.items].reverse() };
    expect(cartFingerprint(reordered)).toBe(cartFingerprint(keyed));
  });

  it('is replaced when the cart changes (another order); an unanswered attempt is remembered', () => {
    const keyed = withAttempt(withSubmissionKey(base, makeKey), true);
    const changed = withQuantity(keyed, 'product-g1-4g', 11);
    expect(currentSubmissionKey(changed)).toBeNull();
    const rekeyed = withSubmissionKey(changed, makeKey);
    expect(rekeyed.submission?.key).not.toBe(keyed.submission?.key);
    expect(rekeyed.submission).toMatchObject({ attempted: false, afterUncertain: true });
    expect(withSubmissionKey({ ...base, installments: 1 }, makeKey).submission?.afterUncertain).toBe(false);
  });

  it('is shared by the tabs of a browser (one storage key) and cleared once the order is placed', () => {
    const storage = window.localStorage;
    const listeners = new Set<(event: StorageEvent) => void>();
    const target = {
      addEventListener: (_type: string, listener: (event: StorageEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: StorageEvent) => void) => listeners.delete(listener),
    } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>;
    const tabA = createCartStore(storage, 'uid-maria', null);
    const tabB = createCartStore(storage, 'uid-maria', target);
    const onChange = vi.fn();
    const unsubscribe = tabB.subscribe(onChange);

    tabA.update((cart) => withQuantity(cart, 'product-g1-4g', 10));
    tabA.update((cart) => ({ ...cart, addressId: 'address-1001', paymentMethodId: 'payment-method-pix' }));
    const keyed = tabA.update((cart) => withSubmissionKey(cart, makeKey));
    expect(Object.keys(localStorage)).toEqual([CART_STORAGE_KEY]);
    // The other tab hears of it through the storage event, and its review finds the same key.
    for (const listener of listeners) listener(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: storage.getItem(CART_STORAGE_KEY) }));
    expect(onChange).toHaveBeenCalled();
    expect(tabB.getSnapshot().cart.submission?.key).toBe(keyed.submission?.key);
    expect(tabB.update((cart) => withSubmissionKey(cart, makeKey)).submission?.key).toBe(keyed.submission?.key);
    // A reload is a new store over the same storage: same cart, same key.
    expect(createCartStore(storage, 'uid-maria', null).getSnapshot().cart).toEqual(keyed);

    tabA.markPlaced({ key: keyed.submission?.key ?? '', orderId: 'order-1010', number: 1010 });
    const after = createCartStore(storage, 'uid-maria', null).getSnapshot();
    expect(after.cart).toEqual(EMPTY_CART);
    expect(after.placed).toEqual({ key: keyed.submission?.key, orderId: 'order-1010', number: 1010 });
    unsubscribe();
    expect(listeners.size).toBe(0);
  });

  it('works in memory when the storage refuses writes', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('cheio', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createCartStore(broken, 'uid-maria', null);
    store.update((cart) => withQuantity(cart, 'product-g1-eth', 3));
    expect(store.getSnapshot().cart.items).toEqual([{ productId: 'product-g1-eth', quantity: 3 }]);
  });
});

describe('price preview', () => {
  it('names the discount in force and the next tier, counting only gateways', () => {
    const preview = previewCart(
      [
        { productId: 'product-g1-4g', quantity: 7 },
        { productId: 'product-plan-12m', quantity: 10 },
        { productId: 'product-g1-eth', quantity: 3 },
      ],
      PRODUCTS,
      TIERS,
    );
    expect(preview.units).toBe(20);
    expect(preview.price.quantity).toBe(10);
    expect(preview.price.subtotal).toBe(7 * 189_000 + 10 * 59_880 + 3 * 149_000);
    expect(preview.price.rule?.name).toBe('Lote de 10 gateways');
    expect(preview.price.discount).toBe(Math.floor((preview.price.subtotal * 8 + 50) / 100));
    expect(preview.lines.map((line) => line.total)).toEqual([7 * 189_000, 10 * 59_880, 3 * 149_000]);
    expect(nextTierText(preview.price)).toBe('Adicione mais 10 unidades e o desconto passa a 12%.');
    expect(priceAnnouncement(preview.price)).toMatch(/^Subtotal R\$.+\. Desconto \(Lote de 10 gateways: 8%\): R\$.+\. Frete R\$\u00a045,90\. Total R\$.+\. Adicione mais 10 unidades/);
  });

  it('at 47 gateways: "mais 3 unidades e o desconto passa a 15%"; a product no longer sold is left out', () => {
    const preview = previewCart(
      [
        { productId: 'product-g1-4g', quantity: 47 },
        { productId: 'product-gone', quantity: 2 },
      ],
      PRODUCTS,
      TIERS,
    );
    expect(preview.unavailable).toEqual(['product-gone']);
    expect(nextTierText(preview.price)).toBe('Adicione mais 3 unidades e o desconto passa a 15%.');
    expect(previewCart([], PRODUCTS, TIERS).price.total).toBe(0);
    expect(priceAnnouncement(previewCart([], PRODUCTS, TIERS).price)).toBe('Nenhum produto no pedido.');
  });

  it('refuses a quantity of 0, negative, decimal, not a number or above the limit, with the pt-BR message', () => {
    for (const text of ['0', '-1', '2.5', '2,5', 'dez', '', ' ', '1e3']) {
      expect(quantityProblem(text, 50), text).toBe('Informe uma quantidade inteira maior que zero.');
    }
    expect(quantityProblem('51', 50)).toBe('Máximo de 50 unidades por pedido.');
    expect(stockLimitText(1)).toBe('Máximo de 1 unidade por pedido.');
    expect(quantityProblem('50', 50)).toBeNull();
    expect(quantityProblem(' 7 ', 50)).toBeNull();
  });

  it('lists instalments up to the maximum, each with its amount', () => {
    expect(installmentOptions(100_000, 3)).toEqual([
      { value: 1, label: brl('1x de R$ 1.000,00 (à vista)') },
      { value: 2, label: brl('2x de R$ 500,00') },
      { value: 3, label: brl('3x de R$ 333,34') },
    ]);
    expect(installmentOptions(100_000, 1)).toHaveLength(1);
  });
});

describe('step checks', () => {
  const full = cartWith({
    items: [{ productId: 'product-g1-4g', quantity: 10 }],
    addressId: 'address-1001',
    paymentMethodId: 'payment-method-pix',
  });

  it('reads the step from the URL, the first one for anything else', () => {
    expect(parseStep('pagamento')).toBe('pagamento');
    expect(parseStep('qualquer')).toBe('itens');
    expect(parseStep(null)).toBe('itens');
  });

  it('items: at least one product, whole quantities within the limit, products still sold', () => {
    expect(stepProblems('itens', EMPTY_CART, ctx())).toEqual([{ step: 'itens', field: 'items', message: ORDER_MESSAGES.noItems }]);
    expect(stepProblems('itens', withQuantity(EMPTY_CART, 'product-g1-4g', 51), ctx())).toEqual([
      { step: 'itens', field: 'items.product-g1-4g', message: 'Máximo de 50 unidades por pedido.' },
    ]);
    expect(stepProblems('itens', withQuantity(EMPTY_CART, 'product-gone', 1), ctx())[0]?.message).toBe(ORDER_MESSAGES.productInactive);
    expect(stepProblems('itens', full, ctx())).toEqual([]);
  });

  it('delivery and payment: an address and a method are required; a method turned off is said so', () => {
    expect(stepProblems('entrega', { ...full, addressId: null }, ctx())[0]?.message).toBe('Escolha o endereço de entrega.');
    expect(stepProblems('entrega', { ...full, addressId: 'address-9' }, ctx())[0]?.field).toBe('addressId');
    expect(stepProblems('pagamento', { ...full, paymentMethodId: null }, ctx())[0]?.message).toBe('Escolha a forma de pagamento.');
    expect(stepProblems('pagamento', full, ctx({ methods: METHODS.slice(1) }))[0]?.message).toBe(
      'Esta forma de pagamento foi desativada. Escolha outra.',
    );
    const byCard = { ...full, paymentMethodId: 'payment-method-cartao', installments: 12 };
    expect(stepProblems('pagamento', byCard, ctx()).map((problem) => problem.message)).toEqual([
      'Esta forma de pagamento permite no máximo 10 parcelas.',
      'Informe os dados do cartão.',
    ]);
  });

  it('a step opens only after the ones before it: a reloaded card review goes back to the payment', () => {
    expect(blockingStep('revisao', EMPTY_CART, ctx())?.step).toBe('itens');
    expect(blockingStep('revisao', full, ctx())).toBeNull();
    const byCard = { ...full, paymentMethodId: 'payment-method-cartao', installments: 3 };
    expect(blockingStep('revisao', byCard, ctx())).toEqual({
      step: 'pagamento',
      problems: [{ step: 'pagamento', field: 'card', message: 'Informe os dados do cartão.' }],
    });
    expect(blockingStep('revisao', byCard, ctx({ card: CARD }))).toBeNull();
    expect(blockingStep('itens', EMPTY_CART, ctx())).toBeNull();
  });

  it('builds the body of POST /order (the card’s token only, for a card method)', () => {
    const token = { token: 'tok_1', brand: 'Visa', last4: '1111' };
    expect(toOrderInput(full, ctx({ card: CARD }), token)).toEqual({
      items: [{ productId: 'product-g1-4g', quantity: 10 }],
      addressId: 'address-1001',
      paymentMethodId: 'payment-method-pix',
      installments: 1,
    });
    const byCard = toOrderInput({ ...full, paymentMethodId: 'payment-method-cartao', installments: 3 }, ctx({ card: CARD }), token);
    expect(byCard).toMatchObject({ installments: 3, card: token });
    expect(JSON.stringify(byCard)).not.toContain(CARD.number);
  });
});

describe('payment form', () => {
  const schema = paymentFormSchema(METHODS);

  it('asks for a method; Pix needs nothing else', () => {
    const none = schema.safeParse({ paymentMethodId: '', installments: '1', card: EMPTY_CARD });
    expect(none.success ? [] : none.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['paymentMethodId', 'Escolha a forma de pagamento.'],
    ]);
    expect(schema.parse({ paymentMethodId: 'payment-method-pix', installments: '4', card: EMPTY_CARD })).toEqual({
      paymentMethodId: 'payment-method-pix',
      installments: 1,
      card: null,
    });
  });

  it('a card: its fields checked as the server does, instalments up to the maximum', () => {
    const bad = schema.safeParse({
      paymentMethodId: 'payment-method-cartao',
      installments: '11',
      card: { number: '4111 1111 1111 1112', holder: '', expiry: '13/30', cvc: '12' },
    });
    expect(bad.success ? [] : bad.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['installments', 'Esta forma de pagamento permite no máximo 10 parcelas.'],
      ['card.number', 'Número de cartão inválido.'],
      ['card.holder', 'Informe o nome impresso no cartão.'],
      ['card.expiry', 'Validade inválida.'],
      ['card.cvc', 'Código de segurança inválido.'],
    ]);
    expect(
      schema.parse({
        paymentMethodId: 'payment-method-cartao',
        installments: '3',
        card: { number: '4111 1111 1111 1111', holder: 'Maria O Santos', expiry: '12/35', cvc: '123' },
      }),
    ).toEqual({
      paymentMethodId: 'payment-method-cartao',
      installments: 3,
      card: { number: '4111111111111111', holder: 'Maria O Santos', expiry: '12/35', cvc: '123' },
    });
  });
});

describe('a failed "Finalizar pedido"', () => {
  const apiError = (status: number, code: string, message: string, field?: string): FetchBaseQueryError => ({
    status,
    data: { error: { code, message, ...(field ? { field } : {}) } },
  });
  const items = [{ productId: 'product-g1-4g' }, { productId: 'product-plan-12m' }];

  it('tells the cases apart', () => {
    expect(classifySubmitFailure(apiError(409, 'payment-method-disabled', 'Esta forma de pagamento foi desativada. Escolha outra.'), items)).toEqual({
      kind: 'method-disabled',
      message: 'Esta forma de pagamento foi desativada. Escolha outra.',
    });
    expect(classifySubmitFailure(apiError(402, 'card-declined', 'Pagamento recusado pela operadora do cartão.'), items).kind).toBe('declined');
    expect(classifySubmitFailure(apiError(502, 'payment-platform-error', 'A plataforma de pagamento não respondeu.'), items)).toMatchObject({
      kind: 'not-placed',
      reason: 'platform',
    });
    expect(classifySubmitFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, items)).toMatchObject({
      kind: 'not-placed',
      reason: 'network',
    });
    expect(classifySubmitFailure({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, items).kind).toBe('unknown');
    expect(classifySubmitFailure({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }, items).kind).toBe('unknown');
    expect(classifySubmitFailure(apiError(500, 'internal', 'Erro interno.'), items)).toMatchObject({ kind: 'not-placed', reason: 'server' });
  });

  it('puts a server field error on its step and field (a line by its product)', () => {
    expect(classifySubmitFailure(apiError(400, 'validation', 'Quantidade máxima por pedido: 50 unidades.', 'items.1.quantity'), items)).toEqual({
      kind: 'invalid',
      step: 'itens',
      field: 'items.product-plan-12m',
      message: 'Quantidade máxima por pedido: 50 unidades.',
    });
    expect(classifySubmitFailure(apiError(400, 'validation', 'Endereço não encontrado.', 'addressId'), items)).toMatchObject({
      step: 'entrega',
      field: 'addressId',
    });
    expect(classifySubmitFailure(apiError(400, 'validation', 'Cartão vencido.', 'card.expiry'), items)).toMatchObject({
      step: 'pagamento',
      field: 'card.expiry',
    });
  });
});
