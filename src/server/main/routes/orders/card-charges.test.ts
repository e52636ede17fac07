/**
 * Cards at the payment platform: the demo platform's tokens (good, reused, declined) and a charge never repeated —
 * the key keeps its outcome whatever it was, and a kept refusal is tried again only after the platform said what
 * the key charged (nothing: the new token is charged; a charge: the order is made from it).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@/contracts/order';
import { makeIdempotencyKey } from '../../../testing/api';
import { payApp } from '../../../pay';
import { Ledger, PLATFORM_MESSAGES } from '@/contracts/payments/demo-ledger';
import { makeCardOrder, makeCardToken, arrangePayPlatform } from './pay-helpers';
import { APPROVED_CARD, storedRowCount, callCreateOrder, DECLINED_CARD, MARIA, PLATFORM_ERROR_CARD, seedDemo } from './test-helpers';

const platform = arrangePayPlatform();
const orders = () => storedRowCount('purchase_order', 'owner_uid = ?', MARIA);
const approved = () => platform.books().charges.filter((charge) => charge.status === 'approved');

beforeEach(seedDemo);

describe('the demo platform: tokens', () => {
  it('a good card: a token, its brand and last four — never the number', async () => {
    const app = payApp(new Ledger());
    const response = await app.request(
      '/v1/tokens',
      { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173' }, body: JSON.stringify({ publicKey: 'pk_demo', card: APPROVED_CARD }) },
      { DEMO: 'true', ALLOWED_ORIGINS: 'http://localhost:5173' },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:5173');
    const body = await response.json<{ token: string; brand: string; last4: string }>();
    expect(body).toMatchObject({ brand: 'Visa', last4: '1111' });
    expect(body.token).toMatch(/^tok_/);
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
  });

  it('a bad card or no public key: 400 with the field’s message', () => {
    const books = new Ledger();
    expect(books.tokenise({ publicKey: 'pk', card: { ...APPROVED_CARD, number: '4111 1111 1111 1112' } })).toMatchObject({ ok: false, field: 'card.number' });
    expect(books.tokenise({ publicKey: '', card: APPROVED_CARD })).toMatchObject({ ok: false, code: 'invalid-key' });
  });

  it('a token already used: 409 at the platform, and the order says so (no order)', async () => {
    const body = await makeCardOrder(platform.books(), APPROVED_CARD);
    expect((await callCreateOrder(body)).status).toBe(201);
    const before = await orders();
    const again = await callCreateOrder(body);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'card-token-used', message: ORDER_MESSAGES.cardTokenUsed, field: 'card.number' });
    expect(await orders()).toBe(before);
    expect(approved()).toHaveLength(1);
  });

  it('a declined card: 402, no order, nothing charged', async () => {
    const before = await orders();
    const declined = await callCreateOrder(await makeCardOrder(platform.books(), DECLINED_CARD));
    expect(declined.status).toBe(402);
    expect(await orders()).toBe(before);
    expect(approved()).toHaveLength(0);
    expect(platform.books().tokenise({ publicKey: 'pk', card: PLATFORM_ERROR_CARD }).ok).toBe(true);
    expect(PLATFORM_MESSAGES.declined).toBe(ORDER_MESSAGES.cardDeclined);
  });
});

describe('a charge is never repeated', () => {
  it('the same key answers its kept success, whatever new token comes with it', async () => {
    const key = makeIdempotencyKey();
    const first = await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key);
    const again = await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(approved()).toHaveLength(1);
  });

  it('the platform down (nothing charged): 502 kept; asked again once it is back, charged once, one order', async () => {
    const key = makeIdempotencyKey();
    const before = await orders();
    platform.books().fault = { mode: 'down', target: 'charges', times: 1 };
    const down = await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key);
    expect(down.status).toBe(502);
    expect(await storedRowCount('idempotency_key', 'key = ? AND status = 502', key)).toBe(1);
    expect(approved()).toHaveLength(0);
    const retried = await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key);
    expect(retried.status).toBe(201);
    expect(await orders()).toBe(before + 1);
    expect(approved()).toHaveLength(1);
  });

  it('the answer lost after the charge: asked again, the order is made from that charge — never a second one', async () => {
    const key = makeIdempotencyKey();
    const before = await orders();
    platform.books().fault = { mode: 'lost', target: 'charges', times: 1 };
    const lost = await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key);
    expect(lost.status).toBe(502);
    expect(approved()).toHaveLength(1);
    const retried = await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key);
    expect(retried.status).toBe(201);
    expect(retried.body.payment).toMatchObject({ cardBrand: 'Visa', cardLast4: '1111' });
    expect(await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key)).toMatchObject({ status: 201 });
    expect(await orders()).toBe(before + 1);
    expect(approved()).toHaveLength(1);
  });

  it('a kept refusal is answered again, not re-attempted, while the platform cannot say what was charged', async () => {
    const key = makeIdempotencyKey();
    platform.books().fault = { mode: 'down', target: 'charges', times: 1 };
    expect((await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key)).status).toBe(502);
    const body = await makeCardOrder(platform.books(), APPROVED_CARD);
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new Error('offline'));
    try {
      expect((await callCreateOrder(body, MARIA, key)).status).toBe(502);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(approved()).toHaveLength(0);
    expect(await storedRowCount('idempotency_key', 'key = ? AND status = 502', key)).toBe(1);
  });

  it('a declined card, then another card with the same key: the new one is charged (nothing was)', async () => {
    const key = makeIdempotencyKey();
    expect((await callCreateOrder(await makeCardOrder(platform.books(), DECLINED_CARD), MARIA, key)).status).toBe(402);
    const other = await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key);
    expect(other.status).toBe(201);
    expect(approved()).toHaveLength(1);
  });

  it('a refusal before the charge (an unknown address) releases the key: the cart, corrected, goes with the same key', async () => {
    const key = makeIdempotencyKey();
    const body = await makeCardOrder(platform.books(), APPROVED_CARD);
    expect((await callCreateOrder({ ...body, addressId: 'address-nada' }, MARIA, key)).status).toBe(400);
    expect(await storedRowCount('idempotency_key', 'key = ?', key)).toBe(0);
    expect((await callCreateOrder(body, MARIA, key)).status).toBe(201);
  });

  it('the same key with another cart: 422', async () => {
    const key = makeIdempotencyKey();
    expect((await callCreateOrder(await makeCardOrder(platform.books(), APPROVED_CARD), MARIA, key)).status).toBe(201);
    const token = await makeCardToken(platform.books(), APPROVED_CARD);
    const other = { ...(await makeCardOrder(platform.books(), APPROVED_CARD, 2)), card: token };
    expect((await callCreateOrder(other, MARIA, key)).status).toBe(422);
  });
});
