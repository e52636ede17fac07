import { lazy, Suspense, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';
import { afterPaint } from '@/lib/after-paint';

/**
 * sonner's defaults are the spec's constants (4000 ms, 3 visible, gap 14, width 356, Alt+T, swipe 45 px,
 * offsets 16/24 px); only position, theme and rich colours are set here.
 *
 * sonner is its own chunk, kept out of the first screen: <Toaster /> mounts it once that screen is painted, and
 * `toast` below forwards to it when loaded. sonner replays toasts created before its Toaster subscribed.
 *
 * `untilFirstToast` (the sign-in pages, where the only toasts come from `toast` below): sonner is loaded and
 * mounted only when the first toast is asked for, so a visitor who just reads the page never runs it.
 */
const SonnerToaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

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

export function Toaster({ untilFirstToast = false }: { untilFirstToast?: boolean }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return undefined;
    if (untilFirstToast) return onToastRequested(() => setReady(true));
    afterPaint(() => setReady(true));
    return undefined;
  }, [ready, untilFirstToast]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="bottom-right" theme="light" richColors closeButton />
    </Suspense>
  );
}

type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'message';

const show = (kind: ToastKind) => (message: string, data?: ExternalToast) => {
  markToastRequested();
  void import('sonner')
    .then(({ toast: sonner }) => sonner[kind](message, data))
    .catch((error: unknown) => console.warn('Não foi possível exibir a notificação:', error));
};

/**
 * sonner's `toast` for the kinds the app uses, without putting sonner in the caller's chunk (import it instead
 * of `sonner` in code that is part of a first screen, e.g. the sign-in form).
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
};
