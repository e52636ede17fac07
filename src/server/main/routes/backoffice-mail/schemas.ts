/** GET /backoffice/mail's answer (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { MAIL_KINDS, MAIL_STATUSES } from '@/contracts/mail';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const mailRecordSchema = z
  .object({
    id: z.string(),
    store: z.enum(['mail', 'newsletter']),
    kind: z.enum(MAIL_KINDS),
    to: z.string(),
    subject: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    sentAt: timestampSchema,
    deliveredAt: timestampSchema.nullable(),
  })
  .openapi('MailRecord');

export const mailRecordPageSchema = pageOf(mailRecordSchema).openapi('MailRecordPage');
