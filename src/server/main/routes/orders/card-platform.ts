/**
 * The main Worker's side of the payment platform for cards (the demo's: src/server/pay, at `PAY_URL`): the page
 * tokenised the card there, the order's create charges the token server to server, once per order key — the
 * platform's idempotency key is the account and the order's Idempotency-Key, so asking again never charges twice.
 * `chargeOfKey` asks the platform what a key charged (null: nothing), before any charge and before a kept refusal
 * is tried again.
 */
import type { Env } from '../../../shared/env';

export interface PlatformCharge {
  id: string;
  status: 'approved' | 'declined';
  brand: string | null;
  last4: string;
  amount: number;
}

export type ChargeOutcome =
  | { kind: 'approved'; charge: PlatformCharge }
  | { kind: 'declined' }
  | { kind: 'token-used' }
  | { kind: 'token-unknown' }
  | { kind: 'unavailable' };

/** How long the platform has to answer. */
export const PLATFORM_TIMEOUT_MS = 10_000;

/** The platform's base URL (the demo platform under `npm run dev` when none is set). */
export const payUrl = (env: Env) => (env.PAY_URL ?? 'http://127.0.0.1:8789').replace(/\/+$/, '');

/** The key the platform keeps a charge under: one per account and order key. */
export const platformKey = (owner: string, key: string) => `${owner}:${key}`;

async function call(env: Env, path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await fetch(`${payUrl(env)}${path}`, { ...init, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch {
    return null;
  }
}

/** What the key charged: the charge, null (nothing), or 'unavailable' (no answer). */
export async function chargeOfKey(env: Env, key: string): Promise<PlatformCharge | null | 'unavailable'> {
  const response = await call(env, `/v1/charges/${encodeURIComponent(key)}`);
  if (response?.status === 404) return null;
  if (!response?.ok) return 'unavailable';
  return (await response.json()) as PlatformCharge;
}

/** Charges a token (see the module's comment). */
export async function chargeToken(
  env: Env,
  input: { token: string; amount: number; idempotencyKey: string; publicKey: string },
): Promise<ChargeOutcome> {
  const response = await call(env, '/v1/charges', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response) return { kind: 'unavailable' };
  if (response.ok) return { kind: 'approved', charge: (await response.json()) as PlatformCharge };
  if (response.status === 402) return { kind: 'declined' };
  if (response.status === 409) return { kind: 'token-used' };
  if (response.status === 400) return { kind: 'token-unknown' };
  return { kind: 'unavailable' };
}
