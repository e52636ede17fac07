/**
 * Calls `callback` once: when the signal fires or after `patience` ms, whichever comes first. `listen` subscribes
 * to the signal (calling the function it is given when the signal fires) and returns the unsubscribe function.
 */
export function whenSignalledOrAfter(
  listen: (fire: () => void) => () => void,
  patience: number,
  callback: () => void,
): void {
  let done = false;
  let stop: (() => void) | null = null;
  const finish = () => {
    if (done) return;
    done = true;
    stop?.();
    window.clearTimeout(timer);
    callback();
  };
  const timer = window.setTimeout(finish, patience);
  stop = listen(finish);
  // The signal fired while subscribing: unsubscribe now that the function is known.
  if (done) stop();
}
