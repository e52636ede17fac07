/** The e-mails an invitation "sends": kept in the `mail` table (the demo's mailbox); nothing is sent yet. */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { nextId } from '../../../shared/ids';
import { mail } from '../../db/account-schema';
import type { InvitationRow } from './queries';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

type MailSource = Pick<InvitationRow, 'ownerUid' | 'token' | 'email' | 'invitedByName' | 'expiresAt'>;

export function invitationMailRow(
  row: MailSource,
  accountName: string,
  sentAt: number,
  id: string,
): typeof mail.$inferInsert {
  return {
    id,
    ownerUid: row.ownerUid,
    to: row.email,
    subject: `${row.invitedByName} convidou você para a equipe de ${accountName} no Ponte IIoT`,
    text: `Abra o link para entrar na equipe. O convite vale até ${dateFormat.format(new Date(row.expiresAt))}.`,
    link: `/invite/${row.token}`,
    sentAt,
  };
}

/** A new e-mail's id (taken before the batch that inserts it). */
export const nextMailId = (db: Db): Promise<string> => nextId(db, 'mail');

/**
 * The INSERT of an invitation's e-mail, not run (the caller batches it with its write), kept only if `when` holds as
 * it runs (after the batch's earlier writes): `db.batch` or `d1Batch`.
 */
export function invitationMailInsertWhen(db: Db, row: MailSource, accountName: string, sentAt: number, id: string, when: SQL) {
  return insertWhere(db, mail, invitationMailRow(row, accountName, sentAt, id), when);
}
