/**
 * Calls to the backends wait on this gate. main.tsx points it at the demo backend's start-up when the demo is
 * on, so the first paint never waits for the service worker and no request slips past it.
 */
let gate: () => Promise<unknown> = () => Promise.resolve();

export function setBackendReady(ready: () => Promise<unknown>): void {
  gate = ready;
}

export function backendReady(): Promise<unknown> {
  return gate();
}
