/** The back office's notifications: answers and the mark-as-read body. */
import { z } from '@hono/zod-openapi';
import { NOTIFICATION_SUBJECT_KINDS } from '@/contracts/backoffice-search';
import { timestampSchema } from '../../../shared/openapi';

export const MARK_AS_READ_IDS_REQUIRED = 'Informe a lista notificationIds com ao menos um id.';

export const notificationSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    message: z.string(),
    subject: z
      .object({ kind: z.enum(NOTIFICATION_SUBJECT_KINDS), id: z.string(), label: z.string().optional() })
      .nullable()
      .openapi({ description: 'O registro de que trata (o back office leva até ele).' }),
    createdAt: timestampSchema,
    read: z.boolean(),
    version: z.number().int(),
    updatedAt: timestampSchema,
  })
  .openapi('BackofficeNotification');

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'string');

export const markAsReadSchema = z.object({
  notificationIds: z
    .custom<string[]>(isIdList, { error: MARK_AS_READ_IDS_REQUIRED })
    .openapi({ type: 'array', items: { type: 'string' }, description: 'Ao menos um id.' }),
});

export const markAsReadAnswerSchema = z.object({ updated: z.number().int() }).openapi('MarkAsReadAnswer');
