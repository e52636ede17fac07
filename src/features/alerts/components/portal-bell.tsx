import { useCallback, useRef, useSyncExternalStore, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
import { BELL_TRIGGER_CLASS, BellTriggerContent, bellLabel } from './bell-trigger';
import type { PortalBellMenuProps } from './portal-bell-menu';

/**
 * The portal header's bell "Notificações" (issue 37), light enough for the shell's first paint: the button only.
 * Its code — the notifications' API, polling, Radix Popover and the list, in portal-bell-menu.tsx — comes in idle
 * time after the screen (`preloadPortalBell`, among the shell's preloads), or as soon as the pointer or the focus
 * reaches the button; a press before it is in opens the list as it arrives. Once in, the loaded bell takes the
 * button's place (keeping its focus) and shows the unread count.
 */
type BellModule = { default: ComponentType<PortalBellMenuProps> };

let pending: Promise<BellModule> | null = null;
let LoadedBell: ComponentType<PortalBellMenuProps> | null = null;
const listeners = new Set<() => void>();

/** Fetches the bell's code once (the shell's idle-time preload and the button share it; a failure is tried again). */
export function preloadPortalBell(): Promise<unknown> {
  if (!pending) {
    pending = import('./portal-bell-menu').then((module: BellModule) => {
      LoadedBell = module.default;
      for (const listener of [...listeners]) listener();
      return module;
    });
    pending.catch((error: unknown) => {
      pending = null;
      console.warn('Não foi possível carregar as notificações:', error);
    });
  }
  return pending;
}

const loadedBell = () => LoadedBell;

export function PortalBell() {
  const button = useRef<HTMLButtonElement | null>(null);
  const intent = useRef({ open: false, focus: false });
  const subscribe = useCallback((notify: () => void) => {
    const listener = () => {
      // Before the swap: the loaded trigger takes the focus the placeholder had.
      intent.current.focus = button.current !== null && document.activeElement === button.current;
      notify();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  const Bell = useSyncExternalStore(subscribe, loadedBell, loadedBell);

  if (Bell) return <Bell defaultOpen={intent.current.open} focusTrigger={intent.current.focus} />;

  const load = () => void preloadPortalBell().catch(() => undefined);
  const press = () => {
    intent.current.open = true;
    load();
  };
  return (
    <button
      ref={button}
      type="button"
      aria-label={bellLabel(0)}
      aria-haspopup="dialog"
      aria-expanded={false}
      className={BELL_TRIGGER_CLASS}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) press();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          press();
        }
      }}
    >
      <BellTriggerContent unread={0} />
    </button>
  );
}
