import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterNextFrame } from '@/lib/after-paint';

/**
 * How many of `total` below-the-fold parts of a page to render. With `staged`, the first render shows none of them
 * (the browser paints what is above the fold at once), then one more part is rendered after each painted frame,
 * each in a task of its own: no single long task builds and lays out the whole page. Without `staged` (tests, a
 * deep link to a section) everything renders at once.
 *
 * `revealAll` renders every part synchronously, for whoever needs the whole page now (a jump to a section).
 */
export function useStagedReveal(total: number, staged: boolean): { shown: number; revealAll: () => void } {
  const [shown, setShown] = useState(staged ? 0 : total);

  useEffect(() => {
    if (shown >= total) return;
    return afterNextFrame(() => startTransition(() => setShown((current) => Math.min(current + 1, total))));
  }, [shown, total]);

  const revealAll = useCallback(() => flushSync(() => setShown(total)), [total]);
  return { shown, revealAll };
}
