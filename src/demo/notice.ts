/**
 * The demo backend's one-time notice ("the stored demo data was recreated"), for the demo badge. A tiny module
 * of its own: the badge imports it statically without pulling in the demo backend's chunk (MSW, seed), and the
 * backend publishes to it once it has loaded its data. A notice is delivered to one listener, once.
 */
type Listener = (message: string) => void;

let pending: string | null = null;
let listener: Listener | null = null;

export function publishDemoNotice(message: string): void {
  if (listener) listener(message);
  else pending = message;
}

/** Calls `onNotice` with the pending notice (now or when it comes); returns the unsubscribe function. */
export function subscribeDemoNotice(onNotice: Listener): () => void {
  listener = onNotice;
  if (pending !== null) {
    const message = pending;
    pending = null;
    onNotice(message);
  }
  return () => {
    if (listener === onNotice) listener = null;
  };
}
