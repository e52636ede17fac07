import { ALREADY_SUBSCRIBED_MESSAGE, PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import { apiErrorCode, apiErrorMessage } from '@/lib/api/errors';
import { publicFetch } from '@/lib/api/public-fetch';

/**
 * POST /newsletter { email, consent, policyVersion } on the main API (public: no session). 201: pending until the
 * confirmation e-mail's link is opened; 400 refuses the address or the consent (`field`); 409 says politely that a
 * confirmation is already on its way (`confirmation-pending`) or the address is subscribed (`already-subscribed`);
 * anything else is a failure to retry.
 */
export type SubscribeOutcome =
  | { kind: 'pending'; email: string }
  | { kind: 'already'; message: string }
  | { kind: 'invalid'; field: 'email' | 'consent'; message: string }
  | { kind: 'failed'; message: string };

export const ALREADY_SUBSCRIBED_FALLBACK = ALREADY_SUBSCRIBED_MESSAGE;

function fieldOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const error = (data as { error?: { field?: unknown } }).error;
  return typeof error?.field === 'string' ? error.field : null;
}

export async function subscribeToNewsletter(email: string, consent: boolean): Promise<SubscribeOutcome> {
  const address = email.trim();
  const result = await publicFetch<{ email?: unknown }>('/newsletter', {
    method: 'POST',
    body: { email: address, consent, policyVersion: PRIVACY_POLICY_VERSION },
  });
  if (!result.error) {
    const saved = typeof result.data?.email === 'string' ? result.data.email : address.toLowerCase();
    return { kind: 'pending', email: saved };
  }
  const { error } = result;
  const code = apiErrorCode(error);
  if (error.status === 409 || code === 'already-subscribed' || code === 'confirmation-pending') {
    return { kind: 'already', message: code ? apiErrorMessage(error) : ALREADY_SUBSCRIBED_FALLBACK };
  }
  if (error.status === 400 && code) {
    return { kind: 'invalid', field: fieldOf(error.data) === 'consent' ? 'consent' : 'email', message: apiErrorMessage(error) };
  }
  return { kind: 'failed', message: apiErrorMessage(error) };
}
