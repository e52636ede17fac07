import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';
import { CloseIcon, PanelIcon } from './icons';
import { StableLink } from './stable-links';
import { Tooltip, TooltipProvider } from './tooltip';

/** Spec §9: the choice is kept in the sidebar_state cookie for 7 days; mobile below 768 px. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT = 768;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/** The stored expanded/collapsed choice, or null when there is none (read before the first render). */
export function readSidebarCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean | null {
  const match = cookie.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  if (!match) return null;
  const value = match.slice(SIDEBAR_COOKIE.length + 1);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * One MediaQueryList for the page (React reads the snapshot on every render and commit of each reader, and
 * `matchMedia` builds a new list each call); made again if `window.matchMedia` itself is replaced (tests do).
 */
let mobileQuery: { source: typeof window.matchMedia | undefined; list: MediaQueryList | null } | null = null;
function mobileQueryList(): MediaQueryList | null {
  const source = typeof window.matchMedia === 'function' ? window.matchMedia : undefined;
  if (mobileQuery === null || mobileQuery.source !== source) mobileQuery = { source, list: source ? window.matchMedia(MOBILE_QUERY) : null };
  return mobileQuery.list;
}

function subscribeMobile(callback: () => void) {
  const query = mobileQueryList();
  if (!query) return () => undefined;
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, () => mobileQueryList()?.matches ?? false, () => false);
}

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar precisa de um SidebarProvider.');
  return context;
}

export function SidebarProvider({ children, defaultOpen = true }: { children: ReactNode; defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  // Read synchronously in the initializer: the first render already has the stored width, so no flicker.
  const [open, setOpenState] = useState(() => readSidebarCookie() ?? defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggle,
    }),
    [open, setOpen, openMobile, isMobile, toggle],
  );

  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={0}>
        <div className="flex min-h-svh w-full bg-slate-50">{children}</div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

function MobileDrawer({ label, children }: { label: string; children: ReactNode }) {
  const { openMobile, setOpenMobile } = useSidebar();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (openMobile && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!openMobile && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [openMobile]);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      className="fixed inset-y-0 left-0 m-0 h-svh max-h-none w-sidebar-mobile max-w-[85vw] bg-sidebar p-0 text-white shadow-xl backdrop:bg-slate-950/60"
      onClose={() => setOpenMobile(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) setOpenMobile(false);
      }}
    >
      <div className="flex h-full flex-col">
        <button
          type="button"
          className="absolute right-2 top-3 rounded-md p-2 text-sidebar-muted hover:bg-sidebar-hover hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
          onClick={() => setOpenMobile(false)}
          aria-label="Fechar menu"
        >
          <CloseIcon />
        </button>
        {children}
      </div>
    </dialog>
  );
}

/** Dark sidebar: 16rem, 3rem when collapsed to icons, an 18rem drawer below 768 px. */
export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { state, isMobile } = useSidebar();
  if (isMobile) return <MobileDrawer label={label}>{children}</MobileDrawer>;
  return (
    <aside
      aria-label={label}
      data-state={state}
      className={cn(
        'group/sidebar sticky top-0 flex h-svh shrink-0 flex-col bg-sidebar text-white transition-[width] duration-200 motion-reduce:transition-none',
        state === 'expanded' ? 'w-sidebar' : 'w-sidebar-icon',
      )}
    >
      {children}
    </aside>
  );
}

export function SidebarHeader({ children }: { children: ReactNode }) {
  return <div className="flex h-16 shrink-0 items-center border-b border-sidebar-border px-3">{children}</div>;
}

export function SidebarContent({ children, label }: { children: ReactNode; label: string }) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto overflow-x-hidden px-2 py-3">
      {children}
    </nav>
  );
}

export function SidebarFooter({ children }: { children: ReactNode }) {
  return <div className="shrink-0 space-y-1 border-t border-sidebar-border p-2">{children}</div>;
}

export function SidebarGroupLabel({ children }: { children: ReactNode }) {
  const { state, isMobile } = useSidebar();
  if (state === 'collapsed' && !isMobile) return <div className="my-2 h-px bg-sidebar-border" aria-hidden="true" />;
  return <p className="px-2 pb-1 pt-4 text-xs font-semibold uppercase tracking-wide text-sidebar-muted">{children}</p>;
}

export function useSidebarCollapsed(): boolean {
  const { state, isMobile } = useSidebar();
  return state === 'collapsed' && !isMobile;
}

const itemClasses = (highlight: boolean, collapsed: boolean) =>
  cn(
    'flex h-10 w-full items-center gap-3 rounded-md text-sm font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring',
    collapsed ? 'justify-center px-0' : 'px-2.5',
    highlight
      ? 'bg-accent/25 text-white ring-1 ring-inset ring-accent/70 hover:bg-accent/40'
      : 'text-sidebar-muted hover:bg-sidebar-hover hover:text-white',
    // The active entry has aria-current="page".
    'aria-[current=page]:bg-accent aria-[current=page]:text-white aria-[current=page]:ring-0',
  );

/**
 * Whether a sidebar entry is the current page's: its path, or (unless `end`) a page under it (`/machines` for
 * `/machines/m1`), as React Router's NavLink decides (trailing slash and case ignored).
 */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const normalise = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
  const current = normalise(pathname);
  const target = normalise(to);
  if (current === target) return true;
  if (end) return false;
  return target === '/' ? false : current.startsWith(`${target}/`);
}

/**
 * A navigation entry; when collapsed, only the icon shows and a tooltip (no delay) names it. `active` (isActivePath)
 * marks it with aria-current="page". It renders again only when its own props or the sidebar's state change, not on
 * every navigation (the sidebar computes `active` once per location).
 */
export const SidebarLink = memo(function SidebarLink({
  to,
  icon,
  label,
  active,
  highlight = false,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  active: boolean;
  highlight?: boolean;
}) {
  const { setOpenMobile } = useSidebar();
  const collapsed = useSidebarCollapsed();
  return (
    <li>
      <Tooltip content={label} hidden={!collapsed}>
        <StableLink
          to={to}
          aria-current={active ? 'page' : undefined}
          aria-label={collapsed ? label : undefined}
          onClick={() => setOpenMobile(false)}
          className={itemClasses(highlight, collapsed)}
        >
          <span className="shrink-0">{icon}</span>
          {collapsed ? null : <span className="truncate">{label}</span>}
        </StableLink>
      </Tooltip>
    </li>
  );
});

export function SidebarButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  const collapsed = useSidebarCollapsed();
  return (
    <Tooltip content={label} hidden={!collapsed}>
      <button
        type="button"
        onClick={onClick}
        aria-label={collapsed ? label : undefined}
        className={itemClasses(false, collapsed)}
      >
        <span className="shrink-0">{icon}</span>
        {collapsed ? null : <span className="truncate">{label}</span>}
      </button>
    </Tooltip>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Alternar menu lateral"
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      title="Alternar menu lateral (Ctrl+B)"
      className={cn(
        'inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring',
        className,
      )}
    >
      <PanelIcon />
    </button>
  );
}

export function SidebarInset({ children }: { children: ReactNode }) {
  return <div className="flex min-w-0 flex-1 flex-col">{children}</div>;
}
