/**
 * Team: the people who share a builder's account, each with a role, and the invitations that bring new ones in.
 * One contract for the Equipe screen, the invitation page, the API slices and the demo backend.
 *
 * - Administrador: everything (purchases and the team included).
 * - Técnico: the fleet and its connections; no purchases (orders, checkout, delivery addresses) and no team.
 * - Leitura: sees everything, changes nothing (only its own profile, and accepting an invitation).
 */
import { z } from 'zod';
import { requiredEmailField } from './account';
import { TEAM_ROLES, type InvitationStatus, type TeamRole } from './team-roles';

export * from './team-roles';

/** A person of the account. */
export interface TeamMember {
  uid: string;
  name: string;
  email: string;
  role: TeamRole;
  /** The last sign-in (or session restore); null before the first. */
  lastAccessAt: Date | null;
  joinedAt: Date;
  /** Who registered the company: never removed. */
  owner: boolean;
}

export interface Invitation {
  id: string;
  email: string;
  role: TeamRole;
  status: InvitationStatus;
  createdAt: Date;
  expiresAt: Date;
  /** The invitation's path in the portal (`/invite/<token>`): the portal shows it as a full address. */
  link: string;
}

export interface Team {
  members: TeamMember[];
  invitations: Invitation[];
}

/** POST /invitation/open: what the invitation page shows, to anyone holding the link. */
export interface InvitationPreview {
  accountName: string;
  email: string;
  role: TeamRole;
  status: InvitationStatus;
  expiresAt: Date;
  invitedBy: string;
}

/** What the signed-in person may do in the account (`GET /me` carries it). */
export interface Access {
  role: TeamRole;
  accountName: string;
}

export const roleField = z.enum(TEAM_ROLES, { error: 'Escolha o perfil.' });

/** POST /team/invitation. */
export const invitationInputSchema = z.object({
  email: requiredEmailField,
  role: roleField,
});
export type InvitationFormValues = z.input<typeof invitationInputSchema>;
export type InvitationInput = z.output<typeof invitationInputSchema>;

/** PATCH /team/member/:uid. */
export const roleChangeSchema = z.object({ role: roleField });
export type RoleChange = z.output<typeof roleChangeSchema>;

/** The link's token is missing from the request (the page sends the one of its address). */
export const INVITATION_TOKEN_MISSING = 'Link de convite ausente.';

/** The invitation link's token, in the request's body (never in an API path, which is logged). */
const invitationTokenField = z
  .string({ error: INVITATION_TOKEN_MISSING })
  .trim()
  .min(1, { error: INVITATION_TOKEN_MISSING })
  .max(200, { error: INVITATION_TOKEN_MISSING });

/** POST /invitation/open: what the link shows. */
export const invitationTokenSchema = z.object({ token: invitationTokenField });

/** POST /invitation/accept: the link's token, and the name a new person gives (an existing one keeps theirs). */
export const acceptInvitationSchema = z.object({
  token: invitationTokenField,
  name: z.string().trim().max(120).optional(),
});

