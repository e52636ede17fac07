/**
 * The back office's notifications (staff): the unread ones, newest first, each naming the record it is about
 * (asking also raises the VPN-expiry ones that are due); and marking some read.
 */
import { z } from '@hono/zod-openapi';
import { apiRoute, type App } from '../../../shared/app';
import { errors, errorsOf, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { markRead, raiseVpnExpiryNotifications, unreadNotifications } from './queries';
import { markAsReadAnswerSchema, markAsReadSchema, notificationSchema } from './schemas';

const TAG = 'Back office';

export function notificationRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/notification/new',
      tags: [TAG],
      summary: 'As notificações não lidas, das mais recentes',
      responses: { 200: json(z.array(notificationSchema), 'As não lidas.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const { db } = c.var;
      await raiseVpnExpiryNotifications(db);
      return c.json(serialize(await unreadNotifications(db)) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: '/backoffice/notification/mark-as-read',
      tags: [TAG],
      summary: 'Marca notificações como lidas',
      request: jsonBody(markAsReadSchema),
      responses: { 200: json(markAsReadAnswerSchema, 'Quantas mudaram.'), ...errorsOf([400, 401, 403]) },
    }),
    async (c) => c.json({ updated: await markRead(c.var.db, c.req.valid('json').notificationIds) }, 200),
  );
}
