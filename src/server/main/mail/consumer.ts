/**
 * The consumer of the `ponte-mail` queue: each message names one row (outbox.ts). A row already sent, or that its
 * batch did not keep, is acknowledged and forgotten. In demo mode the row is the demo mailbox: it is marked
 * delivered, nothing leaves. Elsewhere the letter goes to the provider: taken → 'enviado'; 429, 5xx, no answer or a
 * missing setting → retried later (the provider's `Retry-After`, else 30 s doubling to 1 h) with the attempt and the
 * reason on the row; refused (another 4xx) or MAX_MAIL_ATTEMPTS reached → 'falhou'. The row says where each e-mail
 * stands (back office → E-mails).
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { Db } from '../../shared/app-env';
import type { Env } from '../../shared/env';
import { databaseOf } from '../../shared/local-d1';
import { consumeEach, type QueueOutcome } from '../queues';
import { demoMode } from '../../demo/mode';
import { mail } from '../db/account-schema';
import { newsletterMail } from '../db/newsletter-schema';
import { absoluteLink, composeLetter } from './letter';
import type { MailMessage, MailStore } from './outbox';
import { providerSettings, sendLetter, type SendOutcome } from './provider';

/** Tries per e-mail: with the back-off below, about 20 hours of outage. */
export const MAX_MAIL_ATTEMPTS = 25;
const FIRST_DELAY_S = 30;
const MAX_DELAY_S = 3600;

/** Seconds before the next try after `attempts` tries. */
export const retryDelaySeconds = (attempts: number): number => Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** Math.max(0, attempts - 1));

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
  unsubscribeLink: string | null;
  status: string;
  attempts: number;
}

const tables = { mail, newsletter: newsletterMail } as const;

async function storedMail(db: Db, store: MailStore, id: string): Promise<StoredMail | undefined> {
  if (store === 'mail') {
    const [row] = await db
      .select({ to: mail.to, subject: mail.subject, text: mail.text, link: mail.link, status: mail.status, attempts: mail.attempts })
      .from(mail)
      .where(eq(mail.id, id))
      .limit(1);
    return row && { ...row, link: row.link || null, unsubscribeLink: null };
  }
  const t = newsletterMail;
  const [row] = await db
    .select({ to: t.to, subject: t.subject, text: t.text, link: t.link, unsubscribeLink: t.unsubscribeLink, status: t.status, attempts: t.attempts })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  return row && { ...row, link: row.link || null, unsubscribeLink: row.unsubscribeLink || null };
}

async function record(db: Db, store: MailStore, id: string, change: { status?: 'enviado' | 'falhou'; error?: string | null; now: number }) {
  const table = tables[store];
  await db
    .update(table)
    .set({
      attempts: sql`${table.attempts} + 1`,
      lastError: change.error ?? null,
      ...(change.status ? { status: change.status } : {}),
      ...(change.status === 'enviado' ? { deliveredAt: change.now } : {}),
    })
    .where(eq(table.id, id));
}

/** The message's links on their origins (the portal's for an account's e-mail, the landing's for the newsletter's). */
function links(env: Env, store: MailStore, message: MailMessage, row: StoredMail): { link: string | null; unsubscribeLink: string | null } | string {
  const link = message.link ?? row.link;
  const unsubscribe = message.unsubscribeLink ?? row.unsubscribeLink;
  if (!link && !unsubscribe) return { link: null, unsubscribeLink: null };
  const name = store === 'mail' ? 'PORTAL_URL' : 'SITE_URL';
  const origin = env[name]?.trim();
  if (!origin) return name;
  return { link: link ? absoluteLink(link, origin) : null, unsubscribeLink: unsubscribe ? absoluteLink(unsubscribe, origin) : null };
}

/** One message: what happened to it (the queue handler acks or retries accordingly). */
export async function deliverMail(env: Env, db: Db, message: MailMessage, now = Date.now()): Promise<QueueOutcome> {
  const row = await storedMail(db, message.store, message.id);
  if (!row || row.status !== 'na-fila') return 'ack';
  if (demoMode(env).deliversToMailbox) {
    await record(db, message.store, message.id, { status: 'enviado', now });
    return 'ack';
  }
  const settings = providerSettings(env);
  const resolved = links(env, message.store, message, row);
  let outcome: SendOutcome;
  if (!settings.ok) outcome = { kind: 'retry', error: `não configurado: ${settings.missing}`, retryAfterSeconds: null };
  else if (typeof resolved === 'string') outcome = { kind: 'retry', error: `não configurado: ${resolved}`, retryAfterSeconds: null };
  else outcome = await sendLetter(settings, composeLetter({ ...row, ...resolved }), `${message.store}:${message.id}`);
  if (outcome.kind === 'sent') {
    await record(db, message.store, message.id, { status: 'enviado', now });
    return 'ack';
  }
  const attempts = row.attempts + 1;
  if (outcome.kind === 'refused' || attempts >= MAX_MAIL_ATTEMPTS) {
    console.error(`mail: ${message.store} ${message.id} failed after ${attempts} attempt(s): ${outcome.error}`);
    await record(db, message.store, message.id, { status: 'falhou', error: outcome.error, now });
    return 'ack';
  }
  await record(db, message.store, message.id, { error: outcome.error, now });
  return { retryAfterSeconds: outcome.retryAfterSeconds ?? retryDelaySeconds(attempts) };
}

/** The Worker's `queue` handler for `ponte-mail`. */
export async function consumeMail(batch: MessageBatch<MailMessage>, env: Env): Promise<void> {
  const db = drizzle(databaseOf(env));
  await consumeEach(batch, (body) => deliverMail(env, db, body), retryDelaySeconds, (body) => `mail: ${body.store} ${body.id}`);
}
