/** /backoffice/staff's contract: the Ponte team's members and the grant's body (src/contracts/staff.ts). */
import { z } from '@hono/zod-openapi';
import { pageOf } from '../../../shared/openapi';

export const staffMemberSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    email: z.string(),
  })
  .openapi('StaffMember');

export const staffMemberPageSchema = pageOf(staffMemberSchema).openapi('StaffMemberPage');

export const staffGrantBodySchema = z.object({ email: z.string().openapi({ example: 'pessoa@ponte.com.br' }) }).openapi('StaffGrant');

export const staffUidParams = z.object({ uid: z.string().min(1).max(128).openapi({ param: { name: 'uid', in: 'path' } }) });
