import { useEffect } from 'react';

/**
 * Pages the build serves as HTML (the landing, the two sign-in pages): the markup's container ids, shared by the
 * build's prerender, the inline loader (src/app/shared/static-loader.ts, which cannot import this and
 * spells the same ids) and the hydration.
 */
export type StaticPage = 'landing' | 'portal' | 'backoffice';

/** The element that holds a page's prerendered markup in index.html; also `<html data-static>` while it shows. */
export function staticMarkupId(page: StaticPage): string {
  return page === 'landing' ? 'landing' : `signin-${page}`;
}

declare global {
  interface Window {
    /** A button or form the visitor used before hydration: the page replays it once React is there. */
    __staticReplay?: HTMLElement | null;
  }
}

/**
 * Once React owns the page (after the hydration's commit): says so (`<html data-hydrated>`, which ends the loader's
 * holding: until then a submit would be the browser's own, a GET with the fields in the address), then replays the
 * button pressed or the form submitted before (held by the loader).
 */
export function replayHeldInteraction(): void {
  document.documentElement.setAttribute('data-hydrated', '');
  const held = window.__staticReplay;
  window.__staticReplay = null;
  if (held instanceof HTMLFormElement) {
    if (held.isConnected) held.requestSubmit();
  } else if (held?.isConnected) held.click();
}

/** Runs `run` once React owns the prerendered markup (the tree's last child, so after the page's own effects). */
export function AfterHydration({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}
