import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MarkAllReadFooter, NotificationEntry } from '@/components/ui/notification-list';
import type { PortalNotificationSubject } from '@/contracts/alerts';
import { Button } from '@/components/ui/button';
import { PopoverContent, PopoverRoot, PopoverTrigger } from '@/components/ui/popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { useDocumentVisible } from '@/lib/use-document-visible';
import {
  useListPortalNotificationsQuery,
  useMarkAllPortalNotificationsReadMutation,
  useMarkPortalNotificationReadMutation,
  type PortalNotificationView,
} from '../api';
import { BELL_TRIGGER_CLASS, BellTriggerContent, bellLabel } from './bell-trigger';

/** How often the bell asks for new notifications while the tab is visible. */
export const PORTAL_NOTIFICATION_POLL_MS = 60_000;
/** Coming back to the window refetches, unless the list is younger than this. */
const FOCUS_REFETCH_AFTER_MS = 10_000;

/** Where a notification leads: its gateway, machine, order, the remote-access screen, or the webhooks' screen. */
export function notificationPath(subject: { kind: PortalNotificationSubject; id: string }): string {
  switch (subject.kind) {
    case 'device':
      return portalPaths.device(subject.id);
    case 'machine':
      return portalPaths.machine(subject.id);
    case 'order':
      return portalPaths.order(subject.id);
    case 'remote-access':
      return portalPaths.remoteAccess;
    case 'webhook':
      return portalPaths.webhooks;
  }
}

function NotificationBody({ notification }: { notification: PortalNotificationView }) {
  return (
    <>
      <span className="flex items-start gap-2">
        {notification.read ? null : <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent" />}
        <span className={cn('block text-sm text-slate-900', notification.read ? 'font-normal' : 'font-semibold')}>
          {notification.title}
          {notification.read ? null : <span className="sr-only"> (não lida)</span>}
        </span>
      </span>
      <span className="mt-0.5 block text-sm text-slate-700">{notification.message}</span>
      <span className="mt-1 block text-xs text-slate-600">
        <RelativeTime date={notification.createdAt} className="cursor-default" />
      </span>
    </>
  );
}

export interface PortalBellMenuProps {
  /** The bell was pressed before this code was in: open at once. */
  defaultOpen: boolean;
  /** The placeholder had the focus: the loaded trigger takes it. */
  focusTrigger: boolean;
}

/**
 * The portal's notifications (loaded by portal-bell.tsx): the bell with the unread count and a panel — heading
 * "Notificações", the newest 50 (unread ones marked), "Nenhuma notificação" when there are none, "Marcar todas como
 * lidas" while any is unread. Each item links to its subject (following it closes the panel and reads the item).
 * Polls every 60 s while the tab is visible and catches up when the tab or the window comes back.
 */
export default function PortalBellMenu({ defaultOpen, focusTrigger }: PortalBellMenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  const visible = useDocumentVisible();
  const notifications = useListPortalNotificationsQuery(undefined, {
    pollingInterval: visible ? PORTAL_NOTIFICATION_POLL_MS : 0,
  });
  const { data, isLoading, isError, error, refetch, fulfilledTimeStamp } = notifications;
  const [markAllRead, marking] = useMarkAllPortalNotificationsReadMutation();
  const [markRead] = useMarkPortalNotificationReadMutation();
  const items = data?.data ?? [];
  const unread = data?.unread ?? 0;

  useLayoutEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
  }, [focusTrigger, defaultOpen]);

  // Back to a visible tab, or to the window, after a while: catch up at once instead of at the next tick.
  const fetchedAt = useRef(fulfilledTimeStamp);
  fetchedAt.current = fulfilledTimeStamp;
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current) void refetch();
    wasVisible.current = visible;
  }, [visible, refetch]);
  useEffect(() => {
    const onFocus = () => {
      if (Date.now() - (fetchedAt.current ?? 0) > FOCUS_REFETCH_AFTER_MS) void refetch();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  const markAll = async () => {
    try {
      await markAllRead().unwrap();
      toast.success('Notificações marcadas como lidas.');
    } catch (failure) {
      toast.error(apiErrorMessage(failure));
    }
  };

  const close = () => setOpen(false);
  /** Following an item's link: the panel closes and the item is read (a failure only leaves it unread). */
  const follow = (notification: PortalNotificationView) => {
    close();
    if (!notification.read) void markRead(notification.id);
  };

  return (
    <PopoverRoot open={open} onOpenChange={setOpen}>
      <PopoverTrigger ref={trigger} aria-label={bellLabel(unread)} className={BELL_TRIGGER_CLASS}>
        <BellTriggerContent unread={unread} />
      </PopoverTrigger>
      <PopoverContent aria-label="Notificações" side="bottom" align="end" className="w-80 sm:w-96">
        <h2 className="px-4 py-3 text-base font-semibold text-slate-900">Notificações</h2>
        <ScrollArea
          className="border-t border-slate-200"
          viewportClassName="max-h-notifications"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Lista de notificações' }}
        >
          {isLoading ? (
            <div className="flex justify-center p-6 text-slate-600">
              <Spinner label="Carregando notificações…" />
            </div>
          ) : isError && !data ? (
            <div role="alert" className="space-y-2 p-4 text-sm text-red-800">
              <p>Não foi possível carregar as notificações. {apiErrorMessage(error)}</p>
              <Button size="sm" variant="secondary" onClick={() => void refetch()}>
                Tentar novamente
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-600">Nenhuma notificação</p>
          ) : (
            <ul>
              {items.map((notification) => (
                <li
                  key={notification.id}
                  className={cn('break-words border-b border-slate-100 last:border-0', notification.read ? null : 'bg-accent-soft/30')}
                >
                  <NotificationEntry to={notification.subject ? notificationPath(notification.subject) : null} onFollow={() => follow(notification)}>
                    <NotificationBody notification={notification} />
                  </NotificationEntry>
                </li>
              ))}
            </ul>
          )}
        </ScrollArea>
        {unread > 0 ? <MarkAllReadFooter loading={marking.isLoading} onClick={() => void markAll()} /> : null}
      </PopoverContent>
    </PopoverRoot>
  );
}
