/** /notification's answers: the signed-in person's portal notifications. */
import { z } from '@hono/zod-openapi';
import { PORTAL_NOTIFICATION_EVENTS, PORTAL_NOTIFICATION_SUBJECTS } from '@/contracts/alerts';
import { timestampSchema } from '../../../shared/openapi';

export const portalNotificationSchema = z
  .object({
    id: z.string(),
    event: z.enum(PORTAL_NOTIFICATION_EVENTS),
    title: z.string(),
    message: z.string(),
    subject: z
      .object({ kind: z.enum(PORTAL_NOTIFICATION_SUBJECTS), id: z.string() })
      .nullable()
      .openapi({ description: 'O gateway, máquina, pedido, acesso ou webhook de que trata (o sino leva até ele); null num resumo de vários.' }),
    read: z.boolean(),
    createdAt: timestampSchema,
  })
  .openapi('PortalNotification');

export const portalNotificationListSchema = z
  .object({
    data: z.array(portalNotificationSchema).openapi({ description: 'As mais recentes primeiro, no máximo 50.' }),
    unread: z.number().int().openapi({ description: 'Quantas não lidas a pessoa tem (todas, não só as listadas).' }),
  })
  .openapi('PortalNotificationList');

export const markedSchema = z.object({ updated: z.number().int() }).openapi('PortalNotificationsMarked');
