/**
 * Issue 35, items 1 and 5: a card charge belongs to one order and one amount (a key past its window, a charge
 * another order holds, another amount: 422), a slow order whose claim a retry took over commits nothing; the
 * platform is called with its stored secret, at the configured URL, and a missing setting is a 503 with one line.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedPaymentPlatforms } from '@/seed/payment-platforms/seed';
import type { Env } from '../../../shared/env';
import { IDEMPOTENCY_KEY_EXPIRED_MESSAGE, IDEMPOTENCY_TTL_MS } from '../../../shared/idempotency';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '../../../shared/settings';
import { makeIdempotencyKey, type Answer } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { payApp } from '../../../pay';
import { DEMO_ACCOUNTS } from '../../../pay/accounts';
import { app } from '../../index';
import { sealSecret } from '../payment-platforms/secrets';
import { CHARGE_NOT_THIS_ORDER } from './messages';
import { makeCardOrder, arrangePayPlatform } from './pay-helpers';
import { APPROVED_CARD, storedRowCount, callCreateOrder, MARIA, seedDemo, arrangeSql, type ApiFailure, type ApiOrder } from './test-helpers';

const platform = arrangePayPlatform();
const books = () => platform.books();
const orders = () => storedRowCount('purchase_order', 'owner_uid = ?', MARIA);
const approved = () => books().charges.filter((charge) => charge.status === 'approved');
const CARD_SECRET = DEMO_ACCOUNTS.pk_test_51c0e88d;

beforeEach(seedDemo);

/** POST /order on the main Worker with another environment (a setting missing, demo mode…). */
async function orderWith(overrides: Partial<Record<keyof Env, string | undefined>>, body: object, key = makeIdempotencyKey()): Promise<Answer<ApiOrder & ApiFailure>> {
  const headers = new Headers({ 'Content-Type': 'application/json', 'Idempotency-Key': key, Authorization: `Bearer ${makeEmulatorToken({ uid: MARIA })}` });
  const response = await app.request('/order', { method: 'POST', headers, body: JSON.stringify(body) }, { ...env, ...overrides }, createExecutionContext());
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const ageKey = (key: string, ms: number) =>
  arrangeSql('UPDATE idempotency_key SET created_at = created_at - ? WHERE owner_uid = ? AND key = ?', ms, MARIA, key);

const biggerCart = async () => ({ ...(await makeCardOrder(books(), APPROVED_CARD)), items: [{ productId: 'product-g1-wifi', quantity: 10 }] });

describe('a charge belongs to one order and one amount', () => {
  it('A replayed key with another cart after its window: 422, no second order, nothing charged again', async () => {
    const key = makeIdempotencyKey();
    expect((await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD), MARIA, key)).status).toBe(201);
    const before = await orders();
    await ageKey(key, IDEMPOTENCY_TTL_MS + 60_000);
    const replay = await callCreateOrder(await biggerCart(), MARIA, key);
    expect(replay.status).toBe(422);
    expect(replay.body.error).toEqual({ code: 'idempotency-key-expired', message: IDEMPOTENCY_KEY_EXPIRED_MESSAGE });
    // Once the clean-up dropped the key, the platform still knows it: its charge is the first order's.
    await arrangeSql('DELETE FROM idempotency_key WHERE owner_uid = ? AND key = ?', MARIA, key);
    const purged = await callCreateOrder(await biggerCart(), MARIA, key);
    expect(purged.status).toBe(422);
    expect(purged.body.error).toEqual({ code: 'charge-not-this-order', message: CHARGE_NOT_THIS_ORDER });
    expect(await orders()).toBe(before);
    expect(approved()).toHaveLength(1);
  });

  it('a charge already tied to an order never pays another: the same cart under the dropped key is 422', async () => {
    const key = makeIdempotencyKey();
    const body = await makeCardOrder(books(), APPROVED_CARD);
    expect((await callCreateOrder(body, MARIA, key)).status).toBe(201);
    const before = await orders();
    await arrangeSql('DELETE FROM idempotency_key WHERE owner_uid = ? AND key = ?', MARIA, key);
    const again = await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD), MARIA, key);
    expect(again.status).toBe(422);
    expect(again.body.error?.code).toBe('charge-not-this-order');
    expect(await orders()).toBe(before);
  });

  it('a charge the platform made under the key before its window is never matched: 422 expired', async () => {
    const key = makeIdempotencyKey();
    books().fault = { mode: 'lost', target: 'charges', times: 1 };
    expect((await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD), MARIA, key)).status).toBe(502);
    await arrangeSql('DELETE FROM idempotency_key WHERE owner_uid = ? AND key = ?', MARIA, key);
    for (const charge of approved()) charge.at -= IDEMPOTENCY_TTL_MS + 60_000;
    const before = await orders();
    const late = await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD), MARIA, key);
    expect(late.status).toBe(422);
    expect(late.body.error?.code).toBe('idempotency-key-expired');
    expect(await orders()).toBe(before);
  });

  it('a charge whose amount differs from the order’s total never pays it: 422, no order', async () => {
    const key = makeIdempotencyKey();
    books().fault = { mode: 'lost', target: 'charges', times: 1 };
    expect((await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD), MARIA, key)).status).toBe(502);
    for (const charge of approved()) charge.amount = 100;
    const before = await orders();
    const retried = await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD), MARIA, key);
    expect(retried.status).toBe(422);
    expect(retried.body.error).toEqual({ code: 'charge-not-this-order', message: CHARGE_NOT_THIS_ORDER });
    expect(await orders()).toBe(before);
    expect(approved()).toHaveLength(1);
  });

  it('a slow order whose claim a retry took over commits once: one order, one charge, both answered alike', async () => {
    const key = makeIdempotencyKey();
    const before = await orders();
    const held = platform.holdNextCharge();
    // Both run in this test's own context (app.request): a slow request held across contexts would not resume.
    const slow = orderWith({}, await makeCardOrder(books(), APPROVED_CARD), key);
    await held.charged;
    // As if 31 s had passed: the retry takes the claim over and makes the order from the key's charge.
    await ageKey(key, 31_000);
    const retry = await orderWith({}, await makeCardOrder(books(), APPROVED_CARD), key);
    expect(retry.status).toBe(201);
    held.release();
    const first = await slow;
    expect(await orders()).toBe(before + 1);
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(retry.body.id);
    expect(await storedRowCount('order_timeline', 'owner_uid = ? AND order_id = ?', MARIA, retry.body.id)).toBe(1);
    expect(approved()).toHaveLength(1);
    });
});

describe('the platform called with its credentials, at its configured URL', () => {
  it('card charges and look-ups carry the platform’s stored secret; the platform refuses a call without it', async () => {
    expect((await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD))).status).toBe(201);
    const calls = platform.requests();
    expect(calls.map((call) => `${call.method} ${call.path.startsWith('/v1/charges/') ? '/v1/charges/{key}' : call.path}`)).toEqual([
      'GET /v1/charges/{key}',
      'POST /v1/charges',
    ]);
    for (const call of calls) expect(call.authorization).toBe(`Bearer ${CARD_SECRET}`);

    const pay = payApp(books());
    const demo = { DEMO: 'true', ALLOWED_ORIGINS: '' };
    const [charged] = approved();
    const charge = (authorization?: string) =>
      pay.request(
        '/v1/charges',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
          body: JSON.stringify({ token: 'tok_x', amount: 100, idempotencyKey: 'k', publicKey: 'pk_test_51c0e88d' }),
        },
        demo,
      );
    expect((await charge()).status).toBe(401);
    expect((await charge(`Bearer ${DEMO_ACCOUNTS.pk_live_7f3a9c21}`)).status).toBe(401);
    const lookUp = (secret: string) =>
      pay.request(`/v1/charges/${encodeURIComponent(charged?.idempotencyKey ?? '')}`, { headers: { Authorization: `Bearer ${secret}` } }, demo);
    expect((await lookUp('sk_nada')).status).toBe(401);
    expect((await lookUp(DEMO_ACCOUNTS.pk_live_7f3a9c21 ?? '')).status).toBe(404);
    expect((await lookUp(CARD_SECRET ?? '')).status).toBe(200);
  });

  it('the demo platform knows the demo seed’s platforms', () => {
    const seeded = seedPaymentPlatforms(Date.now());
    expect(Object.fromEntries(seeded.map((row) => [row.publicKey, row.secretKey]))).toEqual(DEMO_ACCOUNTS);
  });

  it('a stored secret the platform refuses: 503 with one line, the cause logged; nothing charged, no order', async () => {
    const sealed = await sealSecret(env.SECRETS_KEY, 'sk_test_errada_0000');
    await arrangeSql("UPDATE payment_platform SET secret_key_cipher = ?, secret_key_iv = ? WHERE id = 'payment-platform-1002'", sealed.secretKeyCipher, sealed.secretKeyIv);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = await orders();
    const answer = await callCreateOrder(await makeCardOrder(books(), APPROVED_CARD));
    expect(answer.status).toBe(503);
    expect(answer.body.error).toEqual({ code: 'not-configured', message: PAYMENTS_UNAVAILABLE_MESSAGE });
    expect(logged.mock.calls.flat().join(' ')).toContain('payment-platform-1002');
    expect(await orders()).toBe(before);
    expect(approved()).toHaveLength(0);
  });

  it('a Worker without PAY_URL or SECRETS_KEY answers a card order 503 with one line and logs which is missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = await orders();
    for (const missing of ['PAY_URL', 'SECRETS_KEY'] as const) {
      logged.mockClear();
      const answer = await orderWith({ [missing]: undefined }, await makeCardOrder(books(), APPROVED_CARD));
      expect(answer.status, missing).toBe(503);
      expect(answer.body.error).toEqual({ code: 'not-configured', message: PAYMENTS_UNAVAILABLE_MESSAGE });
      expect(logged.mock.calls.flat().join(' ')).toContain(missing);
    }
    expect(platform.requests()).toHaveLength(0);
    expect(await orders()).toBe(before);
  });

  it('in demo mode the local platform stands in for a missing PAY_URL', async () => {
    const answer = await orderWith({ PAY_URL: undefined, DEMO: 'true' }, await makeCardOrder(books(), APPROVED_CARD));
    expect(answer.status).toBe(201);
    expect(platform.requests().length).toBeGreaterThan(0);
  });
});
