/**
 * /notification (issue 37, item 3): the portal's bell ("Notificações") — the signed-in person's notifications of the
 * account (each person has their own: `principal.memberUid`), newest first, at most 50, with the unread count;
 * "Marcar todas como lidas"; and one marked read when opened. Raised by the alerts (src/server/main/alerts/).
 */
import { and, eq } from 'drizzle-orm';
import { apiRoute, type App } from '../../../shared/app';
import { notFound } from '../../../shared/errors';
import { errors, idParams, json } from '../../../shared/openapi';
import { portalNotification } from '../../db/alert-schema';
import { markPersonNotificationsRead, personNotifications } from './queries';
import { markedSchema, portalNotificationListSchema } from './schemas';

const TAG = 'Notificações';
export const PORTAL_NOTIFICATION_NOT_FOUND = 'Notificação não encontrada.';

export function portalNotificationRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/notification',
      tags: [TAG],
      summary: 'As notificações de quem está conectado (as 50 mais recentes) e quantas não lidas',
      responses: { 200: json(portalNotificationListSchema, 'As notificações.'), 401: errors[401] },
    }),
    async (c) => {
      const { uid, memberUid } = c.var.principal;
      return c.json(await personNotifications(c.var.db, uid, memberUid), 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'post',
      path: '/notification/mark-all-read',
      tags: [TAG],
      summary: 'Marca todas as notificações de quem está conectado como lidas',
      responses: { 200: json(markedSchema, 'Quantas mudaram.'), 401: errors[401] },
    }),
    async (c) => {
      const { uid, memberUid } = c.var.principal;
      return c.json({ updated: await markPersonNotificationsRead(c.var.db, uid, memberUid) }, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'read',
      method: 'post',
      path: '/notification/{id}/read',
      tags: [TAG],
      summary: 'Marca uma notificação como lida (a de outra pessoa: 404)',
      request: { params: idParams },
      responses: { 200: json(markedSchema, 'Quantas mudaram (0: já estava lida).'), 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { uid, memberUid } = c.var.principal;
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const updated = await markPersonNotificationsRead(db, uid, memberUid, id);
      if (updated === 0) {
        const [found] = await db
          .select({ id: portalNotification.id })
          .from(portalNotification)
          .where(and(eq(portalNotification.ownerUid, uid), eq(portalNotification.memberUid, memberUid), eq(portalNotification.id, id)))
          .limit(1);
        if (!found) throw notFound(PORTAL_NOTIFICATION_NOT_FOUND);
      }
      return c.json({ updated }, 200);
    },
  );
}
