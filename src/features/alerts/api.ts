/**
 * Alerts' endpoints (issue 37; the routes are src/server/main/routes/alerts): the account's rules, one per event
 * (Configurações → "Alertas"), and the signed-in person's portal notifications (the header's bell "Notificações":
 * the list, "Marcar todas como lidas", and one read when its link is followed).
 * Tags: `alert-rule` (LIST) and `portal-notification` (LIST).
 */
import type { AlertEvent, AlertRule, AlertRuleInput, PortalNotification } from '@/contracts/alerts';
import type { RelatedTag } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

const RULES = { type: 'alert-rule', id: 'LIST' } as const satisfies RelatedTag;
const NOTIFICATIONS = { type: 'portal-notification', id: 'LIST' } as const satisfies RelatedTag;

/** A notification as the page holds it: the API's `{ seconds, nanos }` became a Date in the base query. */
export type PortalNotificationView = Omit<PortalNotification, 'createdAt'> & { createdAt: Date };

export interface PortalNotificationList {
  /** Newest first, at most 50. */
  data: PortalNotificationView[];
  /** How many of the person's notifications are unread (all of them, not only the ones listed). */
  unread: number;
}

export interface SaveAlertRuleArgs {
  event: AlertEvent;
  /** The version shown (`If-Match`); null for a rule the account has not saved yet. */
  version: number | null;
  input: AlertRuleInput;
}

export const alertsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /alert-rule: every event's rule, in any order (the screen orders them by ALERT_EVENTS). */
    listAlertRules: build.query<AlertRule[], void>({
      query: () => '/alert-rule',
      providesTags: [RULES],
    }),
    /** PUT /alert-rule/{event} (Administrador): over the version shown (`If-Match`; stale → 409 version-conflict). */
    saveAlertRule: build.mutation<AlertRule, SaveAlertRuleArgs>({
      query: ({ event, version, input }) => ({
        url: `/alert-rule/${encodeURIComponent(event)}`,
        method: 'PUT',
        body: input,
        ...(version === null ? {} : { headers: { 'If-Match': String(version) } }),
      }),
      // The saved rule replaces the shown one at once (its new version is what the next save sends), then the list
      // is fetched again.
      async onQueryStarted({ event }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (!saved) return;
        dispatch(
          alertsApi.util.updateQueryData('listAlertRules', undefined, (rules) =>
            rules.map((rule) => (rule.event === event ? saved : rule)),
          ),
        );
      },
      invalidatesTags: (_result, error) => (error ? [] : [RULES]),
    }),
    /** GET /notification: the signed-in person's portal notifications and the unread count. */
    listPortalNotifications: build.query<PortalNotificationList, void>({
      query: () => '/notification',
      transformResponse: (body: PortalNotificationList) => ({
        data: body.data.map((item) => ({ ...item, subject: item.subject ?? null })),
        unread: body.unread,
      }),
      providesTags: [NOTIFICATIONS],
    }),
    /** POST /notification/mark-all-read: every notification of the person is read (answers how many changed). */
    markAllPortalNotificationsRead: build.mutation<{ updated: number }, void>({
      query: () => ({ url: '/notification/mark-all-read', method: 'POST', idempotent: true }),
      invalidatesTags: [NOTIFICATIONS],
    }),
    /** POST /notification/{id}/read: the one opened (its link followed) is read. */
    markPortalNotificationRead: build.mutation<{ updated: number }, string>({
      query: (id) => ({ url: `/notification/${encodeURIComponent(id)}/read`, method: 'POST', idempotent: true }),
      invalidatesTags: [NOTIFICATIONS],
    }),
  }),
});

export const {
  useListAlertRulesQuery,
  useSaveAlertRuleMutation,
  useListPortalNotificationsQuery,
  useMarkAllPortalNotificationsReadMutation,
  useMarkPortalNotificationReadMutation,
} = alertsApi;
