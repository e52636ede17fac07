import type { BackofficeNotification } from '@/contracts/backoffice-search';
import { mainApi } from '@/lib/api/main-api';

export type { BackofficeNotification as Notification } from '@/contracts/backoffice-search';

function listFrom(body: unknown): BackofficeNotification[] {
  const items = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : [];
  return (items as BackofficeNotification[]).map((item) => ({ ...item, subject: item.subject ?? null }));
}

export const notificationsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /backoffice/notification/new: the unread notifications, newest first, cached under the notification tag. */
    getNewNotifications: build.query<BackofficeNotification[], void>({
      query: () => '/backoffice/notification/new',
      transformResponse: listFrom,
      providesTags: [{ type: 'notification', id: 'LIST' }],
    }),
    /** POST /backoffice/notification/mark-as-read: invalidates the notification cache. */
    markNotificationsAsRead: build.mutation<void, string[]>({
      query: (notificationIds) => ({
        url: '/backoffice/notification/mark-as-read',
        method: 'POST',
        body: { notificationIds },
        idempotent: true,
      }),
      invalidatesTags: [{ type: 'notification', id: 'LIST' }],
    }),
  }),
});

export const { useGetNewNotificationsQuery, useMarkNotificationsAsReadMutation } = notificationsApi;
