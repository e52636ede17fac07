/**
 * The daily purge of rows past their use (issue 35, item 9), run by the main Worker's daily cron (index.ts
 * `scheduled`): the e-mails kept, the newsletter's confirmations that were never opened, and the link tokens —
 * invitations and factory approval links — that no longer open anything.
 *
 * Expired links are kept LINK_GRACE_MS past their end, not deleted at it: meanwhile a late click still reads
 * "expirado" rather than "link desconhecido", and an expired invitation can still be resent (Equipe lists it as
 * Expirado). The e-mails are kept MAIL_RETENTION_MS: longer than any link they carry is valid.
 */
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../shared/app-env';
import { invitation, mail, newsletter } from './db/account-schema';
import { remoteAccessFactoryLink } from './db/factory-approval-schema';
import { newsletterMail, newsletterUnsubscribeToken } from './db/newsletter-schema';
import { DAY_MS } from '../shared/days';
import { purgeAuditLog } from './audit/retention';
import { purgeAlerts } from './alerts/retention';
import { purgeWebhookDeliveries } from './webhooks/retention';

/** How long an expired link's row stays (its page says "expirado"; an invitation may be resent). */
export const LINK_GRACE_MS = 30 * DAY_MS;
/** How long a sent e-mail's row stays (Equipe → E-mails enviados, the demo's mailboxes): past every link's life. */
export const MAIL_RETENTION_MS = 30 * DAY_MS;

/** The e-mails sent (the accounts' and the newsletter's demo mailbox) older than MAIL_RETENTION_MS. */
export async function purgeExpiredMail(db: Db, now = Date.now()): Promise<void> {
  const before = now - MAIL_RETENTION_MS;
  await db.batch([db.delete(mail).where(lt(mail.sentAt, before)), db.delete(newsletterMail).where(lt(newsletterMail.sentAt, before))]);
}

/**
 * Subscriptions still pending whose confirmation expired more than LINK_GRACE_MS ago: the address never confirmed,
 * so nothing of it is kept — the row (its consent), the unsubscribe tokens of its e-mails and its demo mailbox.
 * Active and cancelled subscriptions stay; so do pending ones without a confirmation (0004's, never asked consent).
 */
export async function purgeExpiredNewsletter(db: Db, now = Date.now()): Promise<void> {
  const expired = and(
    eq(newsletter.status, 'pendente'),
    isNotNull(newsletter.confirmExpiresAt),
    lt(newsletter.confirmExpiresAt, now - LINK_GRACE_MS),
  );
  const addresses = db.select({ email: newsletter.email }).from(newsletter).where(expired);
  // One batch, in this order: the rows that name an address go before the subscription that selects it.
  await db.batch([
    db.delete(newsletterUnsubscribeToken).where(inArray(newsletterUnsubscribeToken.email, addresses)),
    db.delete(newsletterMail).where(inArray(newsletterMail.to, addresses)),
    db.delete(newsletter).where(expired),
  ]);
}

/**
 * Link tokens ended more than LINK_GRACE_MS ago: invitations never accepted (pending or revoked; an accepted one
 * stays, the record of who joined) and factory approval links, used or not (the decision is in the session and
 * its Histórico, which keep it).
 */
export async function purgeExpiredLinkTokens(db: Db, now = Date.now()): Promise<void> {
  const before = now - LINK_GRACE_MS;
  await db.batch([
    db.delete(invitation).where(and(inArray(invitation.status, ['pendente', 'revogado']), lt(invitation.expiresAt, before))),
    db.delete(remoteAccessFactoryLink).where(lt(remoteAccessFactoryLink.expiresAt, before)),
  ]);
}

/** All of the above: the daily cron's one line. */
export async function purgeExpiredRows(db: Db, now = Date.now()): Promise<void> {
  await purgeExpiredMail(db, now);
  await purgeExpiredNewsletter(db, now);
  await purgeExpiredLinkTokens(db, now);
  await purgeAuditLog(db, now);
  await purgeAlerts(db, now);
  await purgeWebhookDeliveries(db, now);
}
