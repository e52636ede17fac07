import { createRoot, type Root } from 'react-dom/client';
import type { toast as sonnerToast } from 'sonner';

/**
 * Toasts for router-free pages (the landing) without sonner in the first load: the first notification loads
 * sonner and mounts the shared <Toaster /> (bottom-right, light, rich colours, close button) in its own root;
 * sonner replays toasts created before its Toaster subscribed. Areas that already render <Toaster /> use
 * sonner's `toast` directly instead.
 */
type ToastKind = 'success' | 'info' | 'warning' | 'error';
type SonnerToast = typeof sonnerToast;

let loading: Promise<SonnerToast> | null = null;
let mounted: { root: Root; container: HTMLElement } | null = null;

function ensureToaster(): Promise<SonnerToast> {
  loading ??= Promise.all([import('sonner'), import('./toaster')])
    .then(([sonner, { Toaster }]) => {
      const container = document.createElement('div');
      container.setAttribute('data-lazy-toaster', '');
      document.body.append(container);
      const root = createRoot(container);
      root.render(<Toaster />);
      mounted = { root, container };
      return sonner.toast;
    })
    .catch((error: unknown) => {
      loading = null; // a later notification tries again
      throw error;
    });
  return loading;
}

/** Shows a toast; resolves once it is queued. A failed load of the toast code is ignored (never breaks a form). */
export async function notify(kind: ToastKind, message: string, description?: string): Promise<void> {
  try {
    const toast = await ensureToaster();
    toast[kind](message, description ? { description } : undefined);
  } catch (error) {
    console.warn('Não foi possível exibir a notificação:', error);
  }
}

/** Tests: dismisses every toast and unmounts the lazily mounted Toaster, so the next test starts clean. */
export async function resetLazyToaster(): Promise<void> {
  const current = loading;
  loading = null;
  const toast = current ? await current.catch(() => null) : null;
  toast?.dismiss();
  mounted?.root.unmount();
  mounted?.container.remove();
  mounted = null;
}
