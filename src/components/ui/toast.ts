import { createElement, lazy, memo, Suspense, useEffect, useState, type CSSProperties, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * The app's only toast API: `toast.success(...)` etc. and the `<Toaster />` mount. Import these from here, never
 * from `sonner` (an ESLint rule enforces it outside src/components/ui/).
 *
 * sonner is its own chunk, kept out of every first screen: this module only imports its types. The first toast
 * loads it (then forwards to sonner's `toast`); sonner replays toasts created before its Toaster subscribed.
 *
 * - `<Toaster />` (the root of the portal and back-office trees) renders nothing until the first toast is asked
 *   for, then mounts sonner's Toaster: a screen that shows no toast never runs sonner, and its first paint never
 *   waits for it. The signed-in shells fetch the chunk in idle time after their screens (`preloadToasts`), so
 *   the first toast does not wait for the network.
 * - A page that renders no `<Toaster />` at all (the router-free landing): the first toast mounts one in a root
 *   of its own.
 *
 * sonner's defaults are kept (4000 ms, 3 visible, gap 14, width 356, Alt+T, swipe 45 px, offsets 16/24 px); only
 * position, theme, rich colours and the close button are set here.
 */

type Sonner = typeof SonnerModule;
export type ToastId = string | number;
export type ToastOptions = ExternalToast;
type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading' | 'message';

const SonnerToaster = lazy(() => import('sonner').then(({ Toaster: Mount }) => ({ default: Mount })));

// --- "a toast was asked for" (wakes the sign-in pages' deferred Toaster) ---------------------------------------

let toastRequested = false;
const requestListeners = new Set<() => void>();

function markToastRequested(): void {
  if (toastRequested) return;
  toastRequested = true;
  for (const listener of [...requestListeners]) listener();
}

function onToastRequested(listener: () => void): () => void {
  if (toastRequested) {
    listener();
    return () => undefined;
  }
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

// --- the mount ---------------------------------------------------------------------------------------------------

/** How many <Toaster /> are mounted; with none, the first toast mounts one of its own (see `ensureMounted`). */
let mountedToasters = 0;

/**
 * Memoised: the root layout re-renders on every navigation (a list's page, a search), and sonner's Toaster, each time
 * it renders, would otherwise read the document's direction with getComputedStyle (a forced style recalculation)
 * when none is given; `dir` is given too.
 */
export const Toaster = memo(function Toaster(): ReactElement | null {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    mountedToasters += 1;
    return () => {
      mountedToasters -= 1;
    };
  }, []);
  useEffect(() => (ready ? undefined : onToastRequested(() => setReady(true))), [ready]);
  if (!ready) return null;
  return createElement(
    Suspense,
    { fallback: null },
    createElement(SonnerToaster, {
      position: 'bottom-right',
      theme: 'light',
      richColors: true,
      closeButton: true,
      dir: 'ltr',
      style: RICH_TEXT_COLOURS,
    }),
  );
});

/**
 * sonner's light rich colours put text under WCAG AA on their tints (success 4.3:1, warning 3:1): the same hues,
 * darker, so every toast reads at 4.5:1 or more (axe checks the screens while toasts are up).
 */
const RICH_TEXT_COLOURS = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 26%)',
  '--error-text': 'hsl(360, 100%, 36%)',
} as CSSProperties;

let standalone: { root: Root; container: HTMLElement } | null = null;

function ensureMounted(): void {
  if (mountedToasters > 0 || standalone || typeof document === 'undefined') return;
  const container = document.createElement('div');
  container.setAttribute('data-standalone-toaster', '');
  document.body.append(container);
  const root = createRoot(container);
  root.render(createElement(Toaster));
  standalone = { root, container };
}

// --- toast -------------------------------------------------------------------------------------------------------

let loading: Promise<Sonner> | null = null;

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').catch((error: unknown) => {
    loading = null; // a later toast tries again
    throw error;
  });
  return loading;
}

/** Fetches sonner's chunk without showing anything (idle-time preload); a failure is left to the first toast. */
export function preloadToasts(): Promise<unknown> {
  return loadSonner().catch(() => undefined);
}

function withSonner(run: (sonner: Sonner) => void): void {
  void loadSonner()
    .then((sonner) => {
      ensureMounted();
      run(sonner);
    })
    // A failed load of the toast code is only logged: a notification never breaks the form that asked for it.
    .catch((error: unknown) => console.warn('Não foi possível exibir a notificação:', error));
}

let lastId = 0;

const show =
  (kind: ToastKind) =>
  (message: string, options?: ToastOptions): ToastId => {
    // The id is chosen here, so callers get it synchronously (for `toast.dismiss(id)`) though sonner loads later.
    const id = options?.id ?? `toast-${++lastId}`;
    markToastRequested();
    withSonner(({ toast: sonner }) => sonner[kind](message, { ...options, id }));
    return id;
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  loading: show('loading'),
  message: show('message'),
  /** Dismisses one toast, or all of them without an id. Nothing to do while no toast was ever asked for. */
  dismiss(id?: ToastId): void {
    if (!loading) return;
    withSonner(({ toast: sonner }) => sonner.dismiss(id));
  },
};

/** Tests: dismisses every toast and unmounts a Toaster the first toast mounted, so the next test starts clean. */
export async function resetToaster(): Promise<void> {
  const current = loading;
  const sonner = current ? await current.catch(() => null) : null;
  sonner?.toast.dismiss();
  standalone?.root.unmount();
  standalone?.container.remove();
  standalone = null;
}
