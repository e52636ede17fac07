/**
 * Back-office notifications (staff only): the unread ones, newest first, each naming the record it is about; and
 * marking them read. Asking for them also raises the VPN-expiry ones that are due.
 */
import { http, HttpResponse } from 'msw';
import { authenticateAdmin, invalidBody, readJson, serialize, validationError, type HandlerContext } from '@/testing/fake-api/http';
import { raiseVpnExpiryNotifications } from './records';

export function notificationHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.get(`${apiUrl}/backoffice/notification/new`, ({ request }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      if (raiseVpnExpiryNotifications(db) > 0) db.save();
      const unread = db.data.notifications
        .filter((n) => !n.read)
        .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id))
        .map(({ key: _key, ...notification }) => ({ ...notification, subject: notification.subject ?? null }));
      return HttpResponse.json(serialize(unread) as unknown[]);
    }),
    http.post(`${apiUrl}/backoffice/notification/mark-as-read`, async ({ request }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      const body = await readJson(request);
      if (!body) return invalidBody();
      const ids = body.notificationIds;
      if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
        return validationError('Informe a lista notificationIds com ao menos um id.', 'notificationIds');
      }
      let updated = 0;
      const now = Date.now();
      for (const notification of db.data.notifications) {
        if (ids.includes(notification.id) && !notification.read) {
          notification.read = true;
          notification.version += 1;
          notification.updatedAt = now;
          updated += 1;
        }
      }
      db.save();
      return HttpResponse.json({ updated });
    }),
  ];
}
