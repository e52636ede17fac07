import type { ComponentType } from 'react';
import { withReloadOnce } from '@/lib/reload-on-chunk-error';

/** A route's `lazy`: loads the screen's module (its own chunk), reloading once if the chunk fails. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return withReloadOnce(async () => ({ Component: (await load()).default }));
}
