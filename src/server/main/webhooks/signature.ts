/**
 * A delivery's signature, as Stripe signs its webhooks: `Ponte-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the endpoint's secret>`. A receiver recomputes it over the body it got (before parsing it),
 * compares in constant time and refuses a `t` far from its clock (5 minutes) — docs/ show it in Node and Python.
 */
import { parseWebhookSignature } from '@/contracts/webhooks';

const encoder = new TextEncoder();

/** A new endpoint secret: `whsec_` and 32 random bytes (base64url). */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return `whsec_${btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(message));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The `Ponte-Signature` header of `body` sent at `timestampSeconds`. */
export async function signWebhook(secret: string, body: string, timestampSeconds: number): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacHex(secret, `${timestampSeconds}.${body}`)}`;
}

/** The same comparison a receiver makes: a v1 that matches, within `toleranceSeconds` of `nowSeconds`. */
export async function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | null,
  nowSeconds: number,
  toleranceSeconds = 300,
): Promise<boolean> {
  const parsed = parseWebhookSignature(header);
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = await hmacHex(secret, `${parsed.timestamp}.${body}`);
  return parsed.signatures.some((signature) => constantTimeEqual(signature, expected));
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
