/**
 * Orders' test world: the demo's seed (accounts, devices, payments configuration and commerce — the latter through
 * commerceSeed, which the tests thereby prove) loaded with the demo's reset, and calls in demo mode.
 */
import type { Wire, WireTime } from '@/contracts/common';
import type { Order } from '@/contracts/order';
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { resetDemo } from '../../../demo/reset';
import { accountSeed } from '../../../demo/seed/account';
import { commerceSeed } from '../../../demo/seed/commerce';
import { devicesSeed } from '../../../demo/seed/devices';
import { paymentsSeed } from '../../../demo/seed/payments';
import { call, makeIdempotencyKey, type Answer } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { app } from '../../index';

export const MARIA = 'demo-cliente-maria';
export const SERRA = 'demo-montadora-serra';

export type Time = WireTime;
export const makeMillis = (time: Time | null) => (time ? time.seconds * 1000 + Math.floor(time.nanos / 1e6) : 0);

/** An order as the API answers it; `ownerUid` and `payment.paysAt` are named only to prove they are never sent. */
export type ApiOrder = Wire<Order> & { ownerUid?: string; payment: { paysAt?: unknown } };
export interface ApiPage<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}
export interface ApiFailure {
  error: { code: string; message: string; field?: string; current?: unknown };
}

export const APPROVED_CARD = { number: '4111 1111 1111 1111', holder: 'MARIA O SANTOS', expiry: '12/30', cvc: '123' };
export const DECLINED_CARD = { ...APPROVED_CARD, number: '4000 0000 0000 0002' };
export const PLATFORM_ERROR_CARD = { ...APPROVED_CARD, number: '4000 0000 0000 0119' };

export const PIX_ORDER = {
  items: [{ productId: 'product-g1-4g', quantity: 3 }],
  addressId: 'address-1002',
  paymentMethodId: 'payment-method-pix',
  installments: 1,
};

/** The seed (anchored a minute ago) in a database emptied first. */
export async function seedDemo(): Promise<void> {
  await resetDemo(env, { now: Date.now() - 60_000, sources: [accountSeed, devicesSeed, paymentsSeed, commerceSeed] });
}

export const demoEnv = { ...env, DEMO: 'true' };

/** A request to the main Worker in demo mode (the tests' Worker runs without DEMO); waits for its background work when asked. */
export async function demoCall<T = unknown>(
  method: string,
  path: string,
  options: { as?: string; admin?: boolean; body?: unknown; headers?: Record<string, string>; waitBackground?: boolean } = {},
): Promise<Answer<T>> {
  const headers = new Headers(options.headers);
  if (options.as) headers.set('Authorization', `Bearer ${makeEmulatorToken({ uid: options.as, admin: options.admin })}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const ctx = createExecutionContext();
  const response = await app.request(
    path,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    demoEnv,
    ctx,
  );
  const text = await response.text();
  if (options.waitBackground) await waitOnExecutionContext(ctx);
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T, headers: response.headers };
}

export const callCreateOrder = (body: object, as = MARIA, key = makeIdempotencyKey()) =>
  call<ApiOrder & ApiFailure>('POST', '/order', { as, body, headers: { 'Idempotency-Key': key } });

export async function storedRowCount(table: string, where = '1 = 1', ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The staff's latest notifications, newest first. */
export async function storedLatestNotices(n: number): Promise<Array<{ title: string; message: string; subject_id: string | null }>> {
  const rows = await env.DB.prepare('SELECT title, message, subject_id FROM notification ORDER BY rowid DESC LIMIT ?')
    .bind(n)
    .all<{ title: string; message: string; subject_id: string | null }>();
  return rows.results;
}

export const arrangeSql = (text: string, ...params: unknown[]) =>
  env.DB.prepare(text)
    .bind(...params)
    .run();
