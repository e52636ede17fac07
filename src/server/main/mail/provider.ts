/**
 * The transactional e-mail provider: Resend's HTTP API (`POST {MAIL_API_URL}/emails`, bearer `MAIL_API_KEY`), chosen
 * for its plain JSON API and its idempotency keys: a retried send of one row is one e-mail. Configuration
 * (docs/deployment.md#e-mail): `MAIL_API_KEY` (a Worker secret), `MAIL_FROM` (the sender, on the domain whose SPF
 * and DKIM records the provider gave), `MAIL_API_URL` (default https://api.resend.com; the tests point it at their
 * double of the API).
 */
import type { Env } from '../../shared/env';
import type { Letter } from './letter';

export const DEFAULT_MAIL_API_URL = 'https://api.resend.com';
/** A send that has not answered in this long is retried later. */
const SEND_TIMEOUT_MS = 10_000;

/** What one send came to: taken, worth retrying (429, 5xx, no answer), or refused for good (another 4xx). */
export type SendOutcome =
  | { kind: 'sent'; providerId: string | null }
  | { kind: 'retry'; error: string; retryAfterSeconds: number | null }
  | { kind: 'refused'; error: string };

/** The settings a send needs, or the name of the first one missing. */
export function providerSettings(env: Env): { ok: true; url: string; key: string; from: string } | { ok: false; missing: string } {
  const key = env.MAIL_API_KEY?.trim();
  if (!key) return { ok: false, missing: 'MAIL_API_KEY' };
  const from = env.MAIL_FROM?.trim();
  if (!from) return { ok: false, missing: 'MAIL_FROM' };
  return { ok: true, url: (env.MAIL_API_URL?.trim() || DEFAULT_MAIL_API_URL).replace(/\/+$/, ''), key, from };
}

/** `Retry-After` in seconds (a number or an HTTP date), or null. */
function retryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Sends one letter; `idempotencyKey` names the row, so a retry of a send that did go through is not a second e-mail. */
export async function sendLetter(
  settings: { url: string; key: string; from: string },
  letter: Letter,
  idempotencyKey: string,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`${settings.url}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${settings.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify({
        from: settings.from,
        to: [letter.to],
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
        ...(Object.keys(letter.headers).length > 0 ? { headers: letter.headers } : {}),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'sem resposta em 10 s' : 'sem conexão com o provedor';
    return { kind: 'retry', error: reason, retryAfterSeconds: null };
  }
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
    return { kind: 'sent', providerId: typeof body?.id === 'string' ? body.id : null };
  }
  // The provider's answer is not kept (it may echo the address); its status is.
  await response.body?.cancel();
  if (response.status === 429 || response.status >= 500) {
    return { kind: 'retry', error: `provedor respondeu ${response.status}`, retryAfterSeconds: retryAfter(response.headers.get('Retry-After'), Date.now()) };
  }
  return { kind: 'refused', error: `provedor recusou (${response.status})` };
}
