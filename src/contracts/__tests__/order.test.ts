import { describe, expect, it } from 'vitest';
import { countsForDiscount, stockLimitMessage } from '../catalog';
import { firstIssue } from '../common';
import {
  installmentAmount,
  isOrderOpen,
  maxInstallmentsMessage,
  ORDER_STATUS_LABELS,
  orderCancelSchema,
  orderCardSchema,
  orderCreateSchema,
  orderLabel,
  orderListQuery,
  orderNotCancellableMessage,
  periodStart,
} from '../order';

const valid = {
  items: [{ productId: 'product-g1-4g', quantity: 3 }],
  addressId: 'address-1001',
  paymentMethodId: 'payment-method-pix',
  installments: 1,
};

function problem(body: unknown) {
  const result = orderCreateSchema.safeParse(body);
  if (result.success) return null;
  return firstIssue(result.error);
}

describe('orderCreateSchema', () => {
  it('accepts a valid order; quantities and instalments typed as text become numbers; instalments default to 1', () => {
    expect(orderCreateSchema.parse(valid)).toEqual({ ...valid, card: undefined });
    const typed = orderCreateSchema.parse({ ...valid, items: [{ productId: ' product-g1-4g ', quantity: ' 7 ' }], installments: '3' });
    expect(typed.items).toEqual([{ productId: 'product-g1-4g', quantity: 7 }]);
    expect(typed.installments).toBe(3);
    const { installments: _omitted, ...withoutInstallments } = valid;
    expect(orderCreateSchema.parse(withoutInstallments).installments).toBe(1);
  });

  it('a quantity that is zero, negative, decimal, text or missing says so on the item', () => {
    for (const quantity of [0, -1, 2.5, '1,5', 'dez', '', null, undefined]) {
      expect(problem({ ...valid, items: [{ productId: 'product-g1-4g', quantity }] })).toEqual({
        message: 'Informe uma quantidade inteira maior que zero.',
        field: 'items.0.quantity',
      });
    }
  });

  it('needs at least one item, no product twice, an address and a payment method', () => {
    expect(problem({ ...valid, items: [] })).toEqual({ message: 'Adicione pelo menos um produto ao pedido.', field: 'items' });
    expect(problem({ ...valid, items: undefined })).toEqual({ message: 'Adicione pelo menos um produto ao pedido.', field: 'items' });
    expect(
      problem({
        ...valid,
        items: [
          { productId: 'a', quantity: 1 },
          { productId: 'b', quantity: 1 },
          { productId: 'a', quantity: 2 },
        ],
      }),
    ).toEqual({ message: 'Este produto já está no pedido.', field: 'items.2.productId' });
    expect(problem({ ...valid, addressId: ' ' })).toEqual({ message: 'Escolha o endereço de entrega.', field: 'addressId' });
    expect(problem({ ...valid, paymentMethodId: undefined })).toEqual({ message: 'Escolha a forma de pagamento.', field: 'paymentMethodId' });
    expect(problem({ ...valid, installments: 0 })).toEqual({
      message: 'Informe um número de parcelas inteiro maior que zero.',
      field: 'installments',
    });
    expect(problem({ ...valid, items: Array.from({ length: 21 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) })?.field).toBe('items');
  });

  it('card data (typed in the form, sent to the payment platform only) needs the holder’s name', () => {
    const card = { number: '4111 1111 1111 1111', holder: '', expiry: '12/30', cvc: '123' };
    const fields = orderCardSchema.safeParse(card);
    expect(fields.success ? null : firstIssue(fields.error)).toEqual({ message: 'Informe o nome impresso no cartão.', field: 'holder' });
  });

  it('the order takes the platform’s card token, brand and last four — never the card number or its code', () => {
    const token = { token: 'tok_1', brand: 'Visa', last4: '1111' };
    expect(problem({ ...valid, card: token })).toBeNull();
    const parsed = orderCreateSchema.parse({ ...valid, card: { ...token, number: '4111111111111111', cvc: '123' } });
    expect(JSON.stringify(parsed)).not.toContain('4111111111111111');
    expect(problem({ ...valid, card: { token: '', brand: null, last4: '1111' } })).toEqual({ message: 'Informe os dados do cartão.', field: 'card.token' });
  });
});

describe('order texts and helpers', () => {
  it('labels, instalments, open statuses and refusals', () => {
    expect(orderLabel({ number: 1008 })).toBe('#1008');
    expect(Object.values(ORDER_STATUS_LABELS)).toEqual(['Aguardando pagamento', 'Pago', 'Em separação', 'Enviado', 'Entregue', 'Cancelado']);
    expect(installmentAmount(100_000, 3)).toBe(33_334);
    expect(installmentAmount(90_000, 1)).toBe(90_000);
    expect(isOrderOpen('enviado')).toBe(true);
    expect(isOrderOpen('entregue')).toBe(false);
    expect(isOrderOpen('cancelado')).toBe(false);
    expect(maxInstallmentsMessage(1)).toBe('Esta forma de pagamento não permite parcelamento.');
    expect(maxInstallmentsMessage(10)).toBe('Esta forma de pagamento permite no máximo 10 parcelas.');
    expect(stockLimitMessage(50)).toBe('Quantidade máxima por pedido: 50 unidades.');
    expect(countsForDiscount('gateway')).toBe(true);
    expect(countsForDiscount('plan')).toBe(false);
    expect(orderNotCancellableMessage('cancelado')).toBe('Este pedido já está cancelado.');
    expect(orderNotCancellableMessage('entregue')).toBe('Este pedido já foi enviado e não pode mais ser cancelado.');
    expect(orderNotCancellableMessage('pago')).toMatch(/já foi pago/);
    expect(orderNotCancellableMessage('aguardando-pagamento', true)).toMatch(/confirmando o pagamento/);
  });

  it('the cancel reason is optional, trimmed and at most 500 characters', () => {
    expect(orderCancelSchema.parse({})).toEqual({ reason: '' });
    expect(orderCancelSchema.parse({ reason: '  Duplicado  ' })).toEqual({ reason: 'Duplicado' });
    expect(orderCancelSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('orderListQuery', () => {
  it('newest first by default; status and period filters; bad values fall back', () => {
    const parsed = orderListQuery.parse(new URLSearchParams('status=pago&period=30d&q=%231008'));
    expect(parsed).toMatchObject({ sort: '-createdAt', q: '#1008', filters: { status: 'pago', period: '30d' } });
    expect(orderListQuery.parse(new URLSearchParams('status=perdido&period=2y&sort=nome'))).toMatchObject({
      sort: '-createdAt',
      filters: {},
    });
    expect(orderListQuery.parse(new URLSearchParams('sort=total')).sort).toBe('total');
    expect(orderListQuery.toParams({ ...parsed, page: 1 }).toString()).toBe('q=%231008&status=pago&period=30d');
  });

  it('periods count back from now', () => {
    const now = Date.UTC(2026, 10, 22, 12);
    expect(now - periodStart('7d', now)).toBe(7 * 86_400_000);
    expect(now - periodStart('90d', now)).toBe(90 * 86_400_000);
    expect(new Date(periodStart('12m', now)).toISOString()).toBe('2025-11-22T12:00:00.000Z');
  });
});
