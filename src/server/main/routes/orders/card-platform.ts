/**
 * The main Worker's side of the payment platform for cards (the demo's: src/server/pay, at `PAY_URL`): the page
 * tokenised the card there, the order's create charges the token server to server, once per order key — the
 * platform's idempotency key is the account and the order's Idempotency-Key, so asking again never charges twice.
 * `chargeOfKey` asks the platform what a key charged (null: nothing), before any charge and before a kept refusal
 * is tried again.
 *
 * Every call carries the platform's credentials: its stored secret key (`Authorization: Bearer …`), decrypted with
 * `SECRETS_KEY` at the call and kept nowhere. The platform's URL is configuration (`PAY_URL`; a localhost default in
 * demo mode only): a missing setting, a platform without a stored secret or one the platform refuses is a 503 with
 * one line (shared/settings.ts), the cause logged.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import type { Env } from '../../../shared/env';
import { ApiError } from '../../../shared/errors';
import { notConfigured, requireSettings } from '../../../shared/settings';
import { paymentMethod, paymentPlatform } from '../../db/payments-schema';
import { openSecret } from '../payment-platforms/secrets';

export interface PlatformCharge {
  id: string;
  status: 'approved' | 'declined';
  brand: string | null;
  last4: string;
  amount: number;
  /** When it was charged (epoch ms). */
  at?: number;
}

export type ChargeOutcome =
  /** `fresh`: charged by this very call (201), so no order can hold it yet. */
  | { kind: 'approved'; charge: PlatformCharge; fresh: boolean }
  | { kind: 'declined' }
  | { kind: 'token-used' }
  | { kind: 'token-unknown' }
  | { kind: 'unavailable' };

/** How long the platform has to answer. */
export const PLATFORM_TIMEOUT_MS = 10_000;

/** Which platform is called and with what: its row's id and sealed secret (opened only at the call). */
export interface PlatformAccess {
  env: Env;
  platform: { id: string; secretKeyCipher: string | null; secretKeyIv: string | null };
}

/** The platform's base URL: `PAY_URL` (503 without it, outside demo mode). */
export const payUrl = (env: Env) => requireSettings(env, ['PAY_URL']).PAY_URL.replace(/\/+$/, '');

/** The key the platform keeps a charge under: one per account and order key. */
export const platformKey = (owner: string, key: string) => `${owner}:${key}`;

/** The platform (and its sealed secret) of a payment method, or null when the method or platform is gone. */
export async function platformOfMethod(db: Db, methodId: string): Promise<PlatformAccess['platform'] | null> {
  const [found] = await db
    .select({ id: paymentPlatform.id, secretKeyCipher: paymentPlatform.secretKeyCipher, secretKeyIv: paymentPlatform.secretKeyIv })
    .from(paymentMethod)
    .innerJoin(paymentPlatform, eq(paymentPlatform.id, paymentMethod.platformId))
    .where(eq(paymentMethod.id, methodId))
    .limit(1);
  return found ?? null;
}

/** The settings a card charge needs, checked before anything is asked of the platform. */
export function requireCardSettings(env: Env): void {
  requireSettings(env, ['PAY_URL', 'SECRETS_KEY']);
}

/** The stored secret in clear, for this one call: 503 (logged) when it cannot be. */
async function secretOf(access: PlatformAccess): Promise<string> {
  let secret: string | null;
  try {
    secret = await openSecret(access.env.SECRETS_KEY, access.platform);
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) throw notConfigured('SECRETS_KEY is not a usable key');
    throw notConfigured(`the stored secret key of payment platform ${access.platform.id} cannot be decrypted`);
  }
  if (!secret) throw notConfigured(`payment platform ${access.platform.id} has no stored secret key`);
  return secret;
}

async function call(access: PlatformAccess, path: string, init: RequestInit = {}): Promise<Response | null> {
  const base = payUrl(access.env);
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${await secretOf(access)}`);
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch {
    return null;
  }
  if (response.status === 401 || response.status === 403) {
    throw notConfigured(`payment platform ${access.platform.id} refused its stored secret key (${response.status})`);
  }
  return response;
}

/** What the key charged: the charge, null (nothing), or 'unavailable' (no answer). */
export async function chargeOfKey(access: PlatformAccess, key: string): Promise<PlatformCharge | null | 'unavailable'> {
  const response = await call(access, `/v1/charges/${encodeURIComponent(key)}`);
  if (response?.status === 404) return null;
  if (!response?.ok) return 'unavailable';
  return (await response.json()) as PlatformCharge;
}

/** Charges a token (see the module's comment). */
export async function chargeToken(
  access: PlatformAccess,
  input: { token: string; amount: number; idempotencyKey: string; publicKey: string },
): Promise<ChargeOutcome> {
  const response = await call(access, '/v1/charges', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response) return { kind: 'unavailable' };
  if (response.ok) return { kind: 'approved', charge: (await response.json()) as PlatformCharge, fresh: response.status === 201 };
  if (response.status === 402) return { kind: 'declined' };
  if (response.status === 409) return { kind: 'token-used' };
  if (response.status === 400) return { kind: 'token-unknown' };
  return { kind: 'unavailable' };
}
