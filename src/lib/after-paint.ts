/**
 * Runs `fn` once the current frame has been painted and the browser is idle: for code the first screen does not
 * need (the toast library, the identity SDK), so it never competes with that screen for bandwidth or CPU.
 * `timeout` bounds the wait for an idle period.
 */
export function afterPaint(fn: () => void, timeout = 2000): void {
  const idle = (callback: () => void) =>
    window.requestIdleCallback ? window.requestIdleCallback(callback, { timeout }) : window.setTimeout(callback, 1);
  const nextFrame = (callback: () => void) =>
    window.requestAnimationFrame ? window.requestAnimationFrame(callback) : window.setTimeout(callback, 16);
  // requestAnimationFrame runs before the paint; the task queued from it runs after it.
  nextFrame(() => window.setTimeout(() => idle(fn), 0));
}
