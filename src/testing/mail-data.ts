/**
 * What the unit tests read of the e-mails the demo "sends" and of the links they carry. The real server keeps a
 * link's token only as its SHA-256; in demo mode (the tests' Workers run in it) the demo's mailboxes keep the links:
 * `GET /demo/newsletter-mailbox?email=` (public) and `GET /demo/mailbox` (an account's Administrador).
 */
import { PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import { call, json } from './demo-api';
import { testSql } from './msw-server';

/** A newsletter e-mail as the demo's public mailbox answers it (times as `{ seconds, nanos }`). */
export interface NewsletterMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  unsubscribeLink: string;
  sentAt: { seconds: number; nanos: number };
}

/** An account's e-mail as `GET /demo/mailbox` answers it. */
export interface AccountMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string;
  sentAt: { seconds: number; nanos: number };
}

/** The token a link carries (its last path segment). */
export const makeLinkToken = (link: string | null | undefined): string => (link ?? '').split('/').filter(Boolean).pop() ?? '';

/** hex SHA-256 of a token: how the server stores and looks up invitation and newsletter tokens. */
export async function makeTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The newsletter e-mails the demo "sent" to `email`, newest first. */
export async function storedNewsletterMail(email: string): Promise<NewsletterMail[]> {
  const response = await call(`/demo/newsletter-mailbox?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`GET /demo/newsletter-mailbox: ${response.status}`);
  return json<NewsletterMail[]>(response);
}

/**
 * `email` subscribed through the API (consent to the policy in force), pending: the tokens of its confirmation
 * e-mail's two links.
 */
export async function arrangePendingSubscription(email: string): Promise<{ confirm: string; cancel: string }> {
  const response = await call('/newsletter', { method: 'POST', json: { email, consent: true, policyVersion: PRIVACY_POLICY_VERSION } });
  if (response.status !== 201) throw new Error(`POST /newsletter: ${response.status} ${await response.text()}`);
  const [letter] = await storedNewsletterMail(email);
  if (!letter?.link) throw new Error(`no confirmation e-mail for ${email}`);
  return { confirm: makeLinkToken(letter.link), cancel: makeLinkToken(letter.unsubscribeLink) };
}

/** The newsletter's subscriptions in the database, oldest first. */
export function storedNewsletterRows(): Promise<Array<{ email: string; status: string; policyVersion: string | null }>> {
  return testSql('SELECT email, status, policy_version AS policyVersion FROM newsletter ORDER BY created_at, email');
}

/** The e-mails the demo "sent" for the account whose Administrador holds `token`, newest first. */
export async function storedAccountMail(token: string): Promise<AccountMail[]> {
  const response = await call('/demo/mailbox', { token });
  if (!response.ok) throw new Error(`GET /demo/mailbox: ${response.status}`);
  return json<AccountMail[]>(response);
}
