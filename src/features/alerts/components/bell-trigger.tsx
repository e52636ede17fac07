import { BellIcon } from '@/components/ui/icons';

/** The bell's look, the same before its menu's code is in (portal-bell.tsx) and after (portal-bell-menu.tsx). */
export const BELL_TRIGGER_CLASS =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring';

/** "Notificações", or "Notificações, 3 não lidas": the button's accessible name. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notificações';
  return `Notificações, ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}`;
}

/** The icon and, with unread notifications, the red count (9+ above nine; the name says the exact number). */
export function BellTriggerContent({ unread }: { unread: number }) {
  return (
    <>
      <BellIcon aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white"
        >
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
    </>
  );
}
