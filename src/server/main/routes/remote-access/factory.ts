/**
 * The factory's approval (issue 25, item 4): which customer must approve a machine's remote access, and the writes
 * that ask it — the single-use link (only the token's SHA-256 is stored) and its e-mail in the `mail` table the
 * invitations use (the row keeps the link only in demo mode, where the demo mailbox shows it). The public page's
 * routes are factory-routes.ts.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { FACTORY_APPROVAL_MESSAGES as FM, factoryApprovalLink } from '@/contracts/factory-approval';
import { durationLabel } from '@/contracts/remote-access';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { mail } from '../../db/account-schema';
import { remoteAccessFactoryLink } from '../../db/factory-approval-schema';
import { customer } from '../../db/fleet-schema';
import { nextMailId, type MailMessage } from '../../mail/outbox';
import { REQUEST_TTL_MS, type SessionRow } from './queries';

type Statement = BatchItem<'sqlite'>;

export interface FactoryCustomer {
  id: string;
  name: string;
  email: string;
}

/** The machine's customer when it requires the factory's approval ("Exigir aprovação da fábrica"), else null. */
export async function factoryApprover(db: Db, owner: string, customerId: string | null): Promise<FactoryCustomer | null> {
  if (!customerId) return null;
  const [row] = await db
    .select({ id: customer.id, name: customer.name, email: customer.email, required: customer.requireFactoryApproval })
    .from(customer)
    .where(and(eq(customer.ownerUid, owner), eq(customer.id, customerId)))
    .limit(1);
  return row?.required ? { id: row.id, name: row.name, email: row.email.trim() } : null;
}

/** 32 random bytes, base64url: the link's secret (unguessable; never stored). */
export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** hex SHA-256 of the token: how a link is stored and looked up. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/**
 * The writes that ask the factory: the link (expires with the request's wait, REQUEST_TTL_MS) and its e-mail to the
 * customer, each kept only if `when` holds as the batch runs (the session's step took place); unguarded when
 * `when` is absent (the request's own batch). Answers the statements and the e-mail's queue message, to dispatch
 * once they are written (mail/outbox.ts); the token goes only into the e-mail, whose row keeps the link only when `demo`.
 */
export async function askFactory(
  db: Db,
  session: Pick<SessionRow, 'ownerUid' | 'id' | 'machineName' | 'requesterName' | 'reason' | 'durationHours'>,
  factory: FactoryCustomer,
  builderName: string,
  now: number,
  demo: boolean,
  when?: SQL,
): Promise<{ writes: Statement[]; message: MailMessage }> {
  const token = newLinkToken();
  const expiresAt = now + REQUEST_TTL_MS;
  const link: typeof remoteAccessFactoryLink.$inferInsert = {
    tokenHash: await tokenHash(token),
    ownerUid: session.ownerUid,
    sessionId: session.id,
    customerId: factory.id,
    customerName: factory.name,
    customerEmail: factory.email,
    expiresAt,
    usedAt: null,
    decision: null,
    createdAt: now,
  };
  const message: typeof mail.$inferInsert = {
    id: await nextMailId(db),
    ownerUid: session.ownerUid,
    to: factory.email,
    subject: FM.mailSubject(builderName, session.machineName),
    text: FM.mailText(session.requesterName, session.reason, durationLabel(session.durationHours), dateTime.format(new Date(expiresAt))),
    link: demo ? factoryApprovalLink(token) : '',
    sentAt: now,
    kind: 'aprovacao-fabrica',
    status: 'na-fila',
  };
  const queued: MailMessage = { store: 'mail', id: message.id, link: factoryApprovalLink(token) };
  if (!when) return { writes: [db.insert(remoteAccessFactoryLink).values(link), db.insert(mail).values(message)], message: queued };
  return { writes: [insertWhere(db, remoteAccessFactoryLink, link, when), insertWhere(db, mail, message, when)], message: queued };
}

/** The factory as Histórico names it: the customer and its e-mail. */
export const factoryActorName = (link: { customerName: string; customerEmail: string }) => `${link.customerName} (${link.customerEmail})`;
