/** /team, /invitation and /demo/mailbox answers (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { INVITATION_STATUSES, TEAM_ROLES } from '@/contracts/team-roles';
import { timestampSchema } from '../../../shared/openapi';

const role = z.enum(TEAM_ROLES);
const status = z.enum(INVITATION_STATUSES);

export const memberSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    email: z.string(),
    role,
    lastAccessAt: timestampSchema.nullable(),
    joinedAt: timestampSchema,
    owner: z.boolean().openapi({ description: 'Quem cadastrou a empresa: nunca é removido.' }),
  })
  .openapi('TeamMember');

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role,
    status,
    createdAt: timestampSchema,
    expiresAt: timestampSchema,
    link: z.string().openapi({
      description:
        'O caminho do convite no portal (`/invite/<token>`): só na resposta que criou o token (o convite ou o reenvio); ' +
        'vazio nas demais (só o SHA-256 do token é guardado).',
    }),
  })
  .openapi('Invitation');

export const teamSchema = z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) }).openapi('Team');

export const invitationPreviewSchema = z
  .object({ accountName: z.string(), email: z.string(), role, status, expiresAt: timestampSchema, invitedBy: z.string() })
  .openapi('InvitationPreview');

export const acceptedSchema = z.object({ accountName: z.string(), role }).openapi('InvitationAccepted');

export const mailSchema = z
  .object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), link: z.string(), sentAt: timestampSchema })
  .openapi('DemoMail');

export const memberParams = z.object({ uid: z.string().min(1).max(128).openapi({ param: { name: 'uid', in: 'path' } }) });
