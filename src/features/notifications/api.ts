import { mainApi } from '@/lib/api/main-api';

export interface Notification {
  id: string;
  title: string;
  message: string;
  createdAt: Date;
  read?: boolean;
}

function listFrom(body: unknown): Notification[] {
  if (Array.isArray(body)) return body as Notification[];
  if (body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)) {
    return (body as { data: Notification[] }).data;
  }
  return [];
}

export const notificationsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /backoffice/notification/new: the unread notifications, cached under the notification tag. */
    getNewNotifications: build.query<Notification[], void>({
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
