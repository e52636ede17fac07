import { apiErrorMessage } from '@/lib/api/errors';
import { publicFetch } from '@/lib/api/public-fetch';

/**
 * The e-mails' links, opened on the landing (lazy: only those pages import this): POST /newsletter/confirm and
 * /newsletter/unsubscribe with the link's token in the body (never in an API path). An answer of the API (404 unknown
 * link, 409 cancelled, 410 expired) is `refused` with its pt-BR message; no answer is `failed`, to try again.
 */
export type LinkAction = 'confirm' | 'cancel';

export type LinkOutcome =
  | { kind: 'confirmed' | 'already-confirmed' | 'cancelled' | 'already-cancelled'; email: string }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

const OUTCOMES = new Set(['confirmed', 'already-confirmed', 'cancelled', 'already-cancelled']);

export async function followNewsletterLink(action: LinkAction, token: string): Promise<LinkOutcome> {
  const path = action === 'confirm' ? '/newsletter/confirm' : '/newsletter/unsubscribe';
  const result = await publicFetch<{ outcome?: unknown; email?: unknown }>(path, { method: 'POST', body: { token } });
  if (!result.error) {
    const { outcome, email } = result.data ?? {};
    if (typeof outcome === 'string' && OUTCOMES.has(outcome) && typeof email === 'string') {
      return { kind: outcome as 'confirmed', email };
    }
    return { kind: 'failed', message: 'O servidor enviou uma resposta inválida. Tente novamente em instantes.' };
  }
  const { error } = result;
  const status = typeof error.status === 'number' ? error.status : 0;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'refused', message: apiErrorMessage(error) };
  return { kind: 'failed', message: apiErrorMessage(error) };
}
