import { useEffect, useRef } from 'react';
import { MarkAllReadFooter, NotificationEntry } from '@/components/ui/notification-list';
import { NOTIFICATION_POLL_MS } from '@/contracts/backoffice-search';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { BellIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/dates';
import { useDocumentVisible } from '@/lib/use-document-visible';
import { useGetNewNotificationsQuery, useMarkNotificationsAsReadMutation, type Notification } from '../api';
import { subjectPath } from '../subject-path';

function NotificationBody({ notification }: { notification: Notification }) {
  return (
    <>
      <span className="block text-sm font-medium text-slate-900">{notification.title}</span>
      <span className="mt-0.5 block text-sm text-slate-700">{notification.message}</span>
      <span className="mt-1 block text-xs text-slate-600">
        <time dateTime={notification.createdAt.toISOString()}>{formatDateTime(notification.createdAt)}</time>
      </span>
    </>
  );
}

/**
 * The back office's notifications: heading "Notificações", a 300 px scroll area, "Nenhuma notificação" when
 * empty, and "Marcar todas como lidas" only when there are items. Each item: title, message, pt-BR date, and a
 * link to the record it is about. New ones arrive by polling every 30 s while the tab is visible (a hidden tab
 * asks nothing; it catches up as it shows again).
 */
export function NotificationsMenu() {
  const visible = useDocumentVisible();
  const { data = [], isLoading, isError, error, refetch } = useGetNewNotificationsQuery(undefined, {
    pollingInterval: visible ? NOTIFICATION_POLL_MS : 0,
    refetchOnMountOrArgChange: false,
  });
  // Back from a hidden tab: catch up at once instead of at the next tick.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current) void refetch();
    wasVisible.current = visible;
  }, [visible, refetch]);
  const [markAsRead, marking] = useMarkNotificationsAsReadMutation();
  const count = data.length;

  const markAll = async () => {
    try {
      await markAsRead(data.map((notification) => notification.id)).unwrap();
      toast.success('Notificações marcadas como lidas.');
    } catch (failure) {
      toast.error(apiErrorMessage(failure));
    }
  };

  return (
    <Popover
      label="Notificações"
      triggerLabel={count > 0 ? `Notificações (${count} novas)` : 'Notificações'}
      triggerClassName="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
      trigger={
        <>
          <BellIcon />
          {count > 0 ? (
            <span
              aria-hidden="true"
              className="absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white"
            >
              {count > 9 ? '9+' : count}
            </span>
          ) : null}
        </>
      }
      className="w-80"
    >
      {(close) => (
        <>
          <h2 className="px-4 py-3 text-base font-semibold text-slate-900">Notificações</h2>
          {/* Radix ScrollArea (600 ms scrollbar hide delay); the viewport is what scrolls, 300 px at most. */}
          <ScrollArea
            className="border-t border-slate-200"
            viewportClassName="max-h-notifications"
            viewportProps={{
              'data-testid': 'notifications-scroll',
              tabIndex: 0,
              role: 'region',
              'aria-label': 'Lista de notificações',
            }}
          >
            {isLoading ? (
              <div className="flex justify-center p-6 text-slate-600">
                <Spinner label="Carregando notificações…" />
              </div>
            ) : isError ? (
              <div role="alert" className="space-y-2 p-4 text-sm text-red-800">
                <p>{apiErrorMessage(error)}</p>
                <Button size="sm" variant="secondary" onClick={() => void refetch()}>
                  Tentar novamente
                </Button>
              </div>
            ) : count === 0 ? (
              <p className="p-6 text-center text-sm text-slate-600">Nenhuma notificação</p>
            ) : (
              <ul>
                {data.map((notification) => (
                  <li key={notification.id} className="break-words border-b border-slate-100 last:border-0">
                    <NotificationEntry to={notification.subject ? subjectPath(notification.subject) : null} onFollow={close}>
                      <NotificationBody notification={notification} />
                    </NotificationEntry>
                  </li>
                ))}
              </ul>
            )}
          </ScrollArea>
          {count > 0 ? <MarkAllReadFooter loading={marking.isLoading} onClick={() => void markAll()} /> : null}
        </>
      )}
    </Popover>
  );
}
