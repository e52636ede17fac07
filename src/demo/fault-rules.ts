/**
 * Injected failures, for the fault tests and for trying error states by hand: the backend answers 500,
 * hangs, goes offline or sends malformed JSON for requests whose path contains `match` (all when empty),
 * `remaining` times (forever when absent).
 *
 * In the browser the fault is set in the page's localStorage (`ponte-demo-fault`, see the README), which the demo
 * backend — a service worker — cannot read: the page's demo client (browser.ts) takes the fault when a request it
 * matches leaves the page (counting `remaining` down there) and marks that request with `FAULT_HEADER`; the
 * worker's backend fails the marked request. Without a service worker in between (Vitest), the handlers read a
 * FaultSource in memory. No MSW here: the page's demo client imports this module.
 */
export type FaultMode = '500' | 'timeout' | 'offline' | 'malformed';

export interface Fault {
  mode: FaultMode;
  match?: string;
  method?: string;
  remaining?: number;
}

export interface FaultSource {
  /** The fault for this request (the worker reads it from the request's header), or null. */
  get(request?: Request): Fault | null;
  set(fault: Fault | null): void;
}

const MODES: readonly FaultMode[] = ['500', 'timeout', 'offline', 'malformed'];

export const FAULT_STORAGE_KEY = 'ponte-demo-fault';
/** Marks a request the page's demo client chose to fail; its value is the mode. */
export const FAULT_HEADER = 'X-Ponte-Demo-Fault';

export function memoryFaults(): FaultSource {
  let current: Fault | null = null;
  return { get: () => current, set: (fault) => (current = fault) };
}

export function storageFaults(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): FaultSource {
  return {
    get() {
      try {
        const raw = storage.getItem(FAULT_STORAGE_KEY);
        return raw ? (JSON.parse(raw) as Fault) : null;
      } catch {
        return null;
      }
    },
    set(fault) {
      if (fault) storage.setItem(FAULT_STORAGE_KEY, JSON.stringify(fault));
      else storage.removeItem(FAULT_STORAGE_KEY);
    },
  };
}

/** The worker's side: the mode the page marked the request with (already matched and counted there). */
export function headerFaults(): FaultSource {
  return {
    get(request) {
      const mode = request?.headers.get(FAULT_HEADER);
      return mode && (MODES as readonly string[]).includes(mode) ? { mode: mode as FaultMode } : null;
    },
    set: () => undefined,
  };
}

export function matchesFault(fault: Fault, method: string, url: string): boolean {
  if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return false;
  return !fault.match || new URL(url).pathname.includes(fault.match);
}

/**
 * The page's side: the fault this request takes, if any, counting `remaining` down in the source. The header
 * marks it for the worker's backend.
 */
export function takeFault(source: FaultSource, method: string, url: string): FaultMode | null {
  const fault = source.get();
  if (!fault || !MODES.includes(fault.mode) || !matchesFault(fault, method, url)) return null;
  if (fault.remaining !== undefined) source.set(fault.remaining > 1 ? { ...fault, remaining: fault.remaining - 1 } : null);
  return fault.mode;
}
