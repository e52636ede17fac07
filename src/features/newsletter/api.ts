import { apiErrorCode, apiErrorMessage } from '@/lib/api/errors';
import { publicFetch } from '@/lib/api/public-fetch';

/**
 * POST /newsletter { email } on the main API (public: no session). 201 subscribes; 400 refuses the address;
 * 409 `already-subscribed` says so politely; anything else is a failure to retry.
 */
export type SubscribeOutcome =
  | { kind: 'subscribed'; email: string }
  | { kind: 'already-subscribed'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

export const ALREADY_SUBSCRIBED_FALLBACK = 'Este e-mail já está inscrito na nossa newsletter.';

export async function subscribeToNewsletter(email: string): Promise<SubscribeOutcome> {
  const address = email.trim();
  const result = await publicFetch<{ email?: unknown }>('/newsletter', { method: 'POST', body: { email: address } });
  if (!result.error) {
    const saved = typeof result.data?.email === 'string' ? result.data.email : address;
    return { kind: 'subscribed', email: saved };
  }
  const { error } = result;
  if (error.status === 409 || apiErrorCode(error) === 'already-subscribed') {
    return {
      kind: 'already-subscribed',
      message: apiErrorCode(error) ? apiErrorMessage(error) : ALREADY_SUBSCRIBED_FALLBACK,
    };
  }
  if (error.status === 400 && apiErrorCode(error)) return { kind: 'invalid', message: apiErrorMessage(error) };
  return { kind: 'failed', message: apiErrorMessage(error) };
}
