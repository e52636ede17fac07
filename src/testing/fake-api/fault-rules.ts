/**
 * Injected failures for the unit tests' MSW backend (src/testing/msw-server.ts): the handlers answer 500, hang, go
 * offline or send malformed JSON for requests whose path contains `match` (all when empty), `remaining` times
 * (forever when absent). The e2e suite does the same with Playwright's request routing (tests/e2e/support.ts).
 */
export type FaultMode = '500' | 'timeout' | 'offline' | 'malformed';

export interface Fault {
  mode: FaultMode;
  match?: string;
  method?: string;
  remaining?: number;
}

export interface FaultSource {
  /** The fault in force, or null. */
  get(): Fault | null;
  set(fault: Fault | null): void;
}

export function memoryFaults(): FaultSource {
  let current: Fault | null = null;
  return { get: () => current, set: (fault) => (current = fault) };
}

export function matchesFault(fault: Fault, method: string, url: string): boolean {
  if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return false;
  return !fault.match || new URL(url).pathname.includes(fault.match);
}
