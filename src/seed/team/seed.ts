/**
 * The demo builder's team: Maria (who registered, Administrador), a Técnico and a Leitura who do not sign in to the
 * demo, a pending invitation (its link in docs/demo.md) and an expired one; the other builder alone. Deterministic
 * for a given `now`.
 */
import { INVITATION_TTL_DAYS } from '@/contracts/team';
import { DAY, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_UID, HOUR, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import type { InvitationRecord, MailRecord, TeamMemberRecord } from './records';

/** The seeded pending invitation's token: `/invite/convite-demo-pendente` in the portal. */
export const DEMO_INVITATION_TOKEN = 'convite-demo-pendente';
export const DEMO_INVITATION_EMAIL = 'pedro.alves@oliveira.exemplo.com.br';
export const DEMO_EXPIRED_INVITATION_TOKEN = 'convite-demo-expirado';

export function invitationMail(invitation: InvitationRecord, accountName: string, sentAt: number, id: string): MailRecord {
  const link = `/invite/${invitation.token}`;
  return {
    id,
    accountUid: invitation.accountUid,
    to: invitation.email,
    subject: `${invitation.invitedByName} convidou você para a equipe de ${accountName} no Ponte IIoT`,
    text: `Abra o link para entrar na equipe. O convite vale até ${new Date(invitation.expiresAt).toLocaleDateString('pt-BR')}.`,
    link,
    sentAt,
  };
}

export function seedTeam(now: number): { teamMembers: TeamMemberRecord[]; invitations: InvitationRecord[]; mailbox: MailRecord[] } {
  const member = (
    uid: string,
    accountUid: string,
    name: string,
    email: string,
    role: TeamMemberRecord['role'],
    joinedDaysAgo: number,
    lastAccessAt: number | null,
  ): TeamMemberRecord => {
    const joinedAt = now - joinedDaysAgo * DAY;
    return { uid, accountUid, name, email, role, joinedAt, lastAccessAt, version: 1, updatedAt: joinedAt };
  };
  const teamMembers = [
    member(DEMO_CUSTOMER_UID, DEMO_CUSTOMER_UID, 'Maria Oliveira Santos', DEMO_CUSTOMER_EMAIL, 'administrador', 240, now - 2 * HOUR),
    member('demo-tecnico-carlos', DEMO_CUSTOMER_UID, 'Carlos Henrique Prado', 'carlos.prado@oliveira.exemplo.com.br', 'tecnico', 180, now - 3 * DAY),
    member('demo-leitura-juliana', DEMO_CUSTOMER_UID, 'Juliana Nakamura', 'juliana.nakamura@oliveira.exemplo.com.br', 'leitura', 60, null),
    member(OTHER_ASSEMBLER_UID, OTHER_ASSEMBLER_UID, 'João Pereira Costa', 'joao@serra-equipamentos.exemplo.com.br', 'administrador', 100, now - 5 * DAY),
  ];
  const invitation = (
    id: string,
    token: string,
    email: string,
    role: InvitationRecord['role'],
    sentDaysAgo: number,
  ): InvitationRecord => {
    const createdAt = now - sentDaysAgo * DAY;
    return {
      id,
      accountUid: DEMO_CUSTOMER_UID,
      token,
      email,
      role,
      status: 'pendente',
      createdAt,
      expiresAt: createdAt + INVITATION_TTL_DAYS * DAY,
      invitedByUid: DEMO_CUSTOMER_UID,
      invitedByName: 'Maria Oliveira Santos',
      acceptedByUid: null,
      version: 1,
      updatedAt: createdAt,
    };
  };
  const invitations = [
    invitation('invitation-1001', DEMO_INVITATION_TOKEN, DEMO_INVITATION_EMAIL, 'tecnico', 2),
    invitation('invitation-1002', DEMO_EXPIRED_INVITATION_TOKEN, 'ana.ribeiro@oliveira.exemplo.com.br', 'leitura', 12),
  ];
  const mailbox = invitations.map((sent, index) =>
    invitationMail(sent, 'Maria Oliveira Santos', sent.createdAt, `mail-${1001 + index}`),
  );
  return { teamMembers, invitations, mailbox };
}
