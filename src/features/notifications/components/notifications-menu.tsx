import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { BellIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/dates';
import { useGetNewNotificationsQuery, useMarkNotificationsAsReadMutation } from '../api';

/**
 * The back office's notifications: heading "Notificações", a 300 px scroll area, "Nenhuma notificação" when
 * empty, and "Marcar todas como lidas" only when there are items. Each item: title, message, pt-BR date.
 */
export function NotificationsMenu() {
  const { data = [], isLoading, isError, error, refetch } = useGetNewNotificationsQuery();
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
              <li key={notification.id} className="break-words border-b border-slate-100 px-4 py-3 last:border-0">
                <p className="text-sm font-medium text-slate-900">{notification.title}</p>
                <p className="mt-0.5 text-sm text-slate-700">{notification.message}</p>
                <p className="mt-1 text-xs text-slate-600">
                  <time dateTime={notification.createdAt.toISOString()}>{formatDateTime(notification.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </ScrollArea>
      {count > 0 ? (
        <div className="border-t border-slate-200 p-2">
          <Button variant="ghost" size="sm" className="w-full text-accent" loading={marking.isLoading} onClick={() => void markAll()}>
            Marcar todas como lidas
          </Button>
        </div>
      ) : null}
    </Popover>
  );
}
