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
  const nextFrame = (callback: () => void) =>
    window.requestAnimationFrame ? window.requestAnimationFrame(callback) : window.setTimeout(callback, 16);
  // requestAnimationFrame runs before the frame's paint; the task queued from it runs after it.
  const afterNextFrame = () => nextFrame(() => window.setTimeout(() => idle(fn), 0));
  whenFirstContentPainted(afterNextFrame, paintPatience);
}

function whenFirstContentPainted(callback: () => void, patience: number): void {
  const supported =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint') === true;
  if (!supported) {
    callback();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    callback();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) finish();
  });
  const timer = window.setTimeout(finish, patience);
  // buffered: an entry recorded before this call (a later screen) is delivered at once.
  observer.observe({ type: 'paint', buffered: true });
}
