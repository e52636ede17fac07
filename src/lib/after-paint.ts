import { whenSignalledOrAfter } from './when-signalled';

/**
 * Runs `fn` once the page's first content has been painted and the browser is idle: for code the first screen does
 * not need (the toast library, the identity SDK), so it never competes with that screen for bandwidth or CPU.
 * `timeout` bounds the wait for an idle period.
 *
 * "Painted" is the browser's own first-contentful-paint entry where it reports one (a frame callback alone can
 * fire before the paint is presented, and a request started then still delays the paint it was meant to follow);
 * elsewhere, or when no entry comes within `paintPatience` ms, the next frame.
 */
export function afterPaint(fn: () => void, timeout = 2000, paintPatience = 3000): void {
  const idle = (callback: () => void) =>
    window.requestIdleCallback ? window.requestIdleCallback(callback, { timeout }) : window.setTimeout(callback, 1);
  whenFirstContentPainted(() => afterNextFrame(() => idle(fn)), paintPatience);
}

/**
 * Like `afterPaint`, but first waits for an element matching `selector` (a screen's title, `main h1`) to be in the
 * document, for at most `patience` ms: work started by a shell that paints before its screen (whose code may still
 * be loading) then waits for the screen too.
 */
export function afterElementPainted(selector: string, fn: () => void, patience = 5000): void {
  const listen = (fire: () => void) => {
    if (document.querySelector(selector)) {
      fire();
      return () => undefined;
    }
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) fire();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  };
  whenSignalledOrAfter(listen, patience, () => afterPaint(fn));
}

/**
 * Runs `fn` in a task of its own once the next frame has been produced (requestAnimationFrame runs before the
 * frame's paint; a task queued from it runs after it). Returns a cancel function.
 */
export function afterNextFrame(fn: () => void): () => void {
  let timer = 0;
  if (!window.requestAnimationFrame) {
    timer = window.setTimeout(fn, 16);
    return () => window.clearTimeout(timer);
  }
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(fn, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

function whenFirstContentPainted(callback: () => void, patience: number): void {
  const supported =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint') === true;
  if (!supported) {
    callback();
    return;
  }
  const listen = (fire: () => void) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) fire();
    });
    // buffered: an entry recorded before this call (a later screen) is delivered at once.
    observer.observe({ type: 'paint', buffered: true });
    return () => observer.disconnect();
  };
  whenSignalledOrAfter(listen, patience, callback);
}
