/**
 * What the fake API's order tests share: the two builders' tokens, the answer's shape, the demo platform's test
 * cards tokenised as the page does, a Pix order, create helpers, and the clock anchored at the seed's TEST_NOW.
 */
import type { Wire, WireTime } from '@/contracts/common';
import type { Order } from '@/contracts/order';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { testDb, TEST_NOW } from '@/testing/msw-server';
import { demoPlatformBooks } from '@/testing/fake-api/resources/orders/pay-platform';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { call, json } from '@/testing/demo-api';

export const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
export const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });

export type Time = WireTime;
/** An order as the API answers it; `ownerUid` and `payment.paysAt` are named only to prove they are never sent. */
export type ApiOrder = Wire<Order> & { ownerUid?: string; payment: { paysAt?: unknown } };
export interface ApiProduct {
  id: string;
  sku: string;
  name: string;
  kind: string;
  unitPrice: number;
  stockLimit: number;
  active: boolean;
}
export interface ApiError {
  error: { code: string; message: string; field?: string };
}

export const ms = (time: Time) => time.seconds * 1000 + Math.floor(time.nanos / 1e6);

export const APPROVED_CARD = { number: '4111 1111 1111 1111', holder: 'MARIA O SANTOS', expiry: '12/30', cvc: '123' };
export const DECLINED_CARD = { ...APPROVED_CARD, number: '4000 0000 0000 0002' };
export const PLATFORM_ERROR_CARD = { ...APPROVED_CARD, number: '4000 0000 0000 0119' };

/** The card tokenised at the demo platform, as the page does (POST /order gets the token, never the card). */
export function tokenFor(card: typeof APPROVED_CARD) {
  const db = testDb().data;
  const platformId = db.paymentMethods.find((method) => method.id === 'payment-method-cartao')?.platformId;
  const publicKey = db.paymentPlatforms.find((platform) => platform.id === platformId)?.publicKey ?? '';
  const answer = demoPlatformBooks(testDb()).tokenise({ publicKey, card });
  if (!answer.ok) throw new Error(answer.message);
  return { token: answer.token, brand: answer.brand, last4: answer.last4 };
}

export const pixOrder = {
  items: [{ productId: 'product-g1-4g', quantity: 3 }],
  addressId: 'address-1002',
  paymentMethodId: 'payment-method-pix',
  installments: 1,
};

export function create(body: object, { token = maria, key }: { token?: string; key?: string } = {}) {
  return call('/order', {
    method: 'POST',
    token,
    headers: key ? { 'Idempotency-Key': key } : {},
    body: JSON.stringify(body),
  });
}

export async function created(body: object = pixOrder): Promise<ApiOrder> {
  const response = await create(body);
  expect(response.status).toBe(201);
  return json<ApiOrder>(response);
}

export const ordersCount = () => testDb().data.orders.length;

/** The seed's dates and discount rules are anchored at TEST_NOW; the handlers read the clock. */
export function anchorOrderClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW + 60_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
