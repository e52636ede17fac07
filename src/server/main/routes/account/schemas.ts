/** /me and /assembler's answers. */
import { z } from '@hono/zod-openapi';
import { TEAM_ROLES } from '@/contracts/team-roles';
import { timestampSchema } from '../../../shared/openapi';

export const profileSchema = z
  .object({
    name: z.string(),
    cnpj: z.string().nullable().openapi({ description: 'Da empresa da conta; null para a equipe Ponte IIoT.' }),
    email: z.string(),
    role: z.enum(TEAM_ROLES).optional().openapi({ description: 'O perfil na conta (ausente para a equipe Ponte IIoT).' }),
    accountName: z.string().optional(),
  })
  .openapi('Profile');

export const assemblerSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    cnpj: z.string(),
    email: z.string(),
    createdAt: timestampSchema,
  })
  .openapi('Assembler');
