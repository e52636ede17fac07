/** The demo database's team: see `TeamMember`, `Invitation` in src/contracts/team.ts. */
import type { TeamRole } from '@/contracts/team';
import type { Stamped } from '@/seed/stored';

/** A person of an account. The builder who registered is one too (uid === accountUid), its first Administrador. */
export interface TeamMemberRecord extends Stamped {
  uid: string;
  /** The builder's uid: the account whose data the member works on (the `ownerUid` of its records). */
  accountUid: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: number;
  lastAccessAt: number | null;
}

/** Stored statuses; "expirado" is a pending one past `expiresAt`, worked out when read. */
export type StoredInvitationStatus = 'pendente' | 'aceito' | 'revogado';

export interface InvitationRecord extends Stamped {
  id: string;
  accountUid: string;
  /** The secret in the link (`/invite/<token>`). */
  token: string;
  email: string;
  role: TeamRole;
  status: StoredInvitationStatus;
  createdAt: number;
  expiresAt: number;
  invitedByUid: string;
  invitedByName: string;
  acceptedByUid: string | null;
}

/** An e-mail the demo "sent" (it sends none): kept so a person can read it (Equipe → E-mails enviados). */
export interface MailRecord {
  id: string;
  accountUid: string;
  to: string;
  subject: string;
  text: string;
  /** A portal path (`/invite/<token>`). */
  link: string;
  sentAt: number;
}
