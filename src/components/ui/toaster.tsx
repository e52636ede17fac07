import { Toaster as SonnerToaster } from 'sonner';

/**
 * sonner's defaults are the spec's constants (4000 ms, 3 visible, gap 14, width 356, Alt+T, swipe 45 px,
 * offsets 16/24 px); only position, theme and rich colours are set here.
 */
export function Toaster() {
  return <SonnerToaster position="bottom-right" theme="light" richColors closeButton />;
}
