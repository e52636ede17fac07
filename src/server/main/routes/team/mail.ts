/**
 * An invitation's e-mail: its `mail` row, written in the invitation's batch, then queued by the route
 * (src/server/main/mail/outbox.ts) with the link, which leaves with the e-mail. The link (its token) is kept in the
 * row only in demo mode, where the demo mailbox shows it; elsewhere the row has no link.
 * An invitation's token is stored only as its SHA-256 (`invitationTokenHash`).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { mail } from '../../db/account-schema';
import type { InvitationRow } from './queries';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

type MailSource = Pick<InvitationRow, 'ownerUid' | 'email' | 'invitedByName' | 'expiresAt'>;

/** An invitation's link in the portal. */
export const invitationLink = (token: string): string => `/invite/${token}`;

/** hex SHA-256 of a link's token: how an invitation is stored and looked up. */
export async function invitationTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The e-mail's row; `link` is the portal path with the token, kept only when `demo`. */
export function invitationMailRow(
  row: MailSource,
  accountName: string,
  sentAt: number,
  id: string,
  link: string,
  demo: boolean,
): typeof mail.$inferInsert {
  return {
    id,
    ownerUid: row.ownerUid,
    to: row.email,
    subject: `${row.invitedByName} convidou você para a equipe de ${accountName} no Ponte IIoT`,
    text: `Abra o link para entrar na equipe. O convite vale até ${dateFormat.format(new Date(row.expiresAt))}.`,
    link: demo ? link : '',
    sentAt,
    kind: 'convite',
    status: 'na-fila',
  };
}

export { nextMailId } from '../../mail/outbox';

/** What an invitation's e-mail carries: the link (with its token) and whether the row may keep it (demo mode). */
export interface MailLink {
  link: string;
  demo: boolean;
}

/**
 * The INSERT of an invitation's e-mail, not run (the caller batches it with its write), kept only if `when` holds as
 * it runs (after the batch's earlier writes): `db.batch` or `d1Batch`.
 */
export function invitationMailInsertWhen(db: Db, row: MailSource, accountName: string, sentAt: number, id: string, when: SQL, sent: MailLink) {
  return insertWhere(db, mail, invitationMailRow(row, accountName, sentAt, id, sent.link, sent.demo), when);
}
