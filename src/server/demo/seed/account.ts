/**
 * The demo's accounts as rows: the builders (assembler), the staff, every team's members, the invitations (the
 * seeded pending and expired ones), the mailbox's e-mails, the back office's notifications and the newsletter.
 */
import type { DemoData } from '@/seed/data';
import { assembler, staff, teamMember } from '../../shared/db/core-schema';
import { invitation, mail, newsletter, notification } from '../../main/db/account-schema';
import { notificationRow } from '../../main/routes/notifications/queries';
import { invitationTokenHash } from '../../main/routes/team/mail';
import { emailKey } from '../../main/routes/team/queries';
import { seedTable, type SeedTable } from './types';

/** Async: an invitation's token is stored as its SHA-256 (the demo's links keep their tokens). */
export const accountSeed = async (data: DemoData): Promise<SeedTable[]> => {
  const hashes = new Map(await Promise.all(data.invitations.map(async (record) => [record.id, await invitationTokenHash(record.token)] as const)));
  return [
    seedTable(
      assembler,
      data.assemblers.map((record) => ({
        uid: record.uid,
        name: record.name,
        cnpj: record.cnpj,
        email: record.email,
        createdAt: record.createdAt,
        version: 1,
        updatedAt: record.createdAt,
      })),
    ),
    seedTable(
      staff,
      data.staff.map((record) => ({ uid: record.uid, name: record.name, email: record.email })),
    ),
    seedTable(
      teamMember,
      data.teamMembers.map((record) => ({
        uid: record.uid,
        accountUid: record.accountUid,
        name: record.name,
        email: record.email,
        role: record.role,
        joinedAt: record.joinedAt,
        lastAccessAt: record.lastAccessAt,
        version: record.version,
        updatedAt: record.updatedAt,
      })),
    ),
    seedTable(
      invitation,
      data.invitations.map((record) => ({
        id: record.id,
        ownerUid: record.accountUid,
        tokenHash: hashes.get(record.id) ?? '',
        email: record.email,
        emailKey: emailKey(record.email),
        role: record.role,
        status: record.status,
        createdAt: record.createdAt,
        expiresAt: record.expiresAt,
        invitedByUid: record.invitedByUid,
        invitedByName: record.invitedByName,
        acceptedByUid: record.acceptedByUid,
        version: record.version,
        updatedAt: record.updatedAt,
      })),
    ),
    seedTable(
      mail,
      data.mailbox.map((record) => ({
        id: record.id,
        ownerUid: record.accountUid,
        to: record.to,
        subject: record.subject,
        text: record.text,
        link: record.link,
        sentAt: record.sentAt,
      })),
    ),
    seedTable(
      notification,
      data.notifications.map((record) => ({
        ...notificationRow(record.id, record, record.createdAt),
        read: record.read,
        version: record.version,
        updatedAt: record.updatedAt,
      })),
    ),
    seedTable(
      newsletter,
      data.newsletter.map((record) => ({ email: record.email, createdAt: record.createdAt })),
    ),
  ];
};
