/**
 * The newsletter's tokens and e-mails. A token is 32 random bytes (base64url) that only the e-mail's link carries;
 * the database keeps its SHA-256 (hex). Every e-mail carries an unsubscribe link of its own
 * (`newsletter_unsubscribe_token`). Each e-mail is a `newsletter_mail` row sent through the mail queue
 * (src/server/main/mail/); its links are kept in the row only in demo mode (the demo's public mailbox, GET
 * /demo/newsletter-mailbox): outside the demo no link is kept in clear anywhere.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { NEWSLETTER_LINKS } from '@/contracts/newsletter';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { newsletter } from '../../db/account-schema';
import { newsletterMail, newsletterUnsubscribeToken } from '../../db/newsletter-schema';
import type { MailMessage } from '../../mail/outbox';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** A new secret for a link: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of a token, hex: what the database keeps. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A token as the links carry it (base64url, 43 characters); anything else is not looked up. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const confirmLink = (token: string) => `${NEWSLETTER_LINKS.confirm}/${token}`;
export const cancelLink = (token: string) => `${NEWSLETTER_LINKS.cancel}/${token}`;

interface Letter {
  subject: string;
  text: string;
  link: string | null;
}

/** The confirmation e-mail: the link that makes the subscription active, and one to say it was not you. */
export function confirmationLetter(token: string, expiresAt: number): Letter {
  return {
    subject: 'Confirme sua inscrição na newsletter do Ponte IIoT',
    text:
      `Abra o link para confirmar que quer receber a newsletter do Ponte IIoT. Ele vale até ${dateFormat.format(new Date(expiresAt))}. ` +
      'Se não foi você quem pediu, ignore este e-mail ou use o link de cancelamento.',
    link: confirmLink(token),
  };
}

/** The welcome e-mail, sent once the subscription is confirmed. */
export function welcomeLetter(): Letter {
  return {
    subject: 'Inscrição confirmada: newsletter do Ponte IIoT',
    text: 'Pronto! Você vai receber novidades do produto e boas práticas de suporte remoto, uma vez por mês. Para parar de receber, use o link de cancelamento deste e-mail.',
    link: null,
  };
}

/**
 * The writes of one e-mail to `email`, not run (the caller batches them), kept only if `when` holds as they run:
 * its unsubscribe token and the e-mail's row (outbox, src/server/main/mail/), whose links (with their tokens) are
 * kept only in demo mode, where the demo's mailbox shows them; and the queue message to dispatch once the batch ran.
 */
export async function letterWrites(db: Db, email: string, letter: Letter, now: number, demo: boolean, when: SQL) {
  const unsubscribe = newToken();
  const tokenWrite = insertWhere(db, newsletterUnsubscribeToken, { tokenHash: await hashToken(unsubscribe), email, createdAt: now }, when);
  const id = crypto.randomUUID();
  const mailWrite = insertWhere(
    db,
    newsletterMail,
    {
      id,
      to: email,
      subject: letter.subject,
      text: letter.text,
      link: demo ? letter.link : null,
      unsubscribeLink: demo ? cancelLink(unsubscribe) : '',
      sentAt: now,
      status: 'na-fila',
    },
    when,
  );
  const message: MailMessage = { store: 'newsletter', id, unsubscribeLink: cancelLink(unsubscribe), ...(letter.link ? { link: letter.link } : {}) };
  return { writes: [tokenWrite, mailWrite] as const, message };
}

/** "The subscription of `email` holds the confirmation token `hash`": the condition of that request's writes. */
export function holdsConfirmation(email: string, hash: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${newsletter} WHERE ${and(eq(newsletter.email, email), eq(newsletter.confirmTokenHash, hash))})`;
}
