/**
 * E-mail that leaves (issue 37). Every e-mail is first a row — `mail` (an account's) or `newsletter_mail` — written
 * in the batch of the change that sends it (the outbox), then a message on the Cloudflare Queue `ponte-mail`
 * (`MAIL_QUEUE`), whose consumer (consumer.ts) sends it through the provider's HTTP API (provider.ts) with retries:
 * a provider outage delays mail and loses none. The row keeps a link with a token (an invitation's, a factory's, a
 * newsletter's) only in demo mode; the message carries it to the consumer, never stored in clear elsewhere.
 */
import type { MailKind } from '@/contracts/mail';
import type { Db } from '../../shared/app-env';
import type { Env } from '../../shared/env';
import { nextId } from '../../shared/ids';
import { demoMode } from '../../demo/mode';
import { mail } from '../db/account-schema';
import { sendToQueue } from '../queues';

/** Which table the e-mail's row is in. */
export type MailStore = 'mail' | 'newsletter';

/** The queue's message: the row to send, with the links the row may not keep (portal or landing paths). */
export interface MailMessage {
  store: MailStore;
  id: string;
  link?: string;
  unsubscribeLink?: string;
}

/** An e-mail an account's event sends (an alert, a notice): written and queued by {@link sendMail}. */
export interface OutgoingMail {
  ownerUid: string;
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  /** A portal path (`/devices/device-1001`); the e-mail links to it on the portal's origin. */
  link?: string;
}

/** A new e-mail's id (taken before the batch that inserts it). */
export const nextMailId = (db: Db): Promise<string> => nextId(db, 'mail');

/**
 * Puts the written rows' messages on the queue (after their batch committed). A Worker without the binding logs it:
 * the rows stay 'na-fila', which staff see in the back office.
 */
export const dispatchMail = (env: Pick<Env, 'MAIL_QUEUE'>, messages: readonly MailMessage[]): Promise<void> =>
  sendToQueue(env.MAIL_QUEUE, messages, 'mail');

/** Writes `mails` (one batch) and queues them: how an event's e-mails (alerts, notices) leave. */
export async function sendMail(env: Env, db: Db, mails: readonly OutgoingMail[], now = Date.now()): Promise<void> {
  if (mails.length === 0) return;
  const keep = demoMode(env).keepsMailLinks;
  const rows = await Promise.all(
    mails.map(async (message) => ({
      row: {
        id: await nextMailId(db),
        ownerUid: message.ownerUid,
        to: message.to,
        kind: message.kind,
        subject: message.subject,
        text: message.text,
        link: keep ? (message.link ?? '') : '',
        sentAt: now,
        status: 'na-fila' as const,
      },
      link: message.link,
    })),
  );
  const [first, ...rest] = rows.map(({ row }) => db.insert(mail).values(row));
  if (first) await db.batch([first, ...rest]);
  await dispatchMail(
    env,
    rows.map(({ row, link }) => ({ store: 'mail' as const, id: row.id, ...(link ? { link } : {}) })),
  );
}
