import { delay, http, HttpResponse } from 'msw';
import type { HandlerContext } from './http';

/**
 * Injected failures, for the fault tests and for trying error states by hand: the backend answers 500,
 * hangs, goes offline or sends malformed JSON for requests whose path contains `match` (all when empty),
 * `remaining` times (forever when absent).
 */
export type FaultMode = '500' | 'timeout' | 'offline' | 'malformed';

export interface Fault {
  mode: FaultMode;
  match?: string;
  method?: string;
  remaining?: number;
}

export interface FaultSource {
  get(): Fault | null;
  set(fault: Fault | null): void;
}

export function memoryFaults(): FaultSource {
  let current: Fault | null = null;
  return { get: () => current, set: (fault) => (current = fault) };
}

export const FAULT_STORAGE_KEY = 'ponte-demo-fault';

export function storageFaults(storage: Storage): FaultSource {
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

function matches(fault: Fault, request: Request): boolean {
  if (fault.method && fault.method.toUpperCase() !== request.method) return false;
  return !fault.match || new URL(request.url).pathname.includes(fault.match);
}

export function faultHandlers(ctx: HandlerContext, faults: FaultSource) {
  const resolver = async ({ request }: { request: Request }) => {
    const fault = faults.get();
    if (!fault || !matches(fault, request)) return undefined; // fall through to the real handler
    if (fault.remaining !== undefined) {
      faults.set(fault.remaining > 1 ? { ...fault, remaining: fault.remaining - 1 } : null);
    }
    switch (fault.mode) {
      case '500':
        return HttpResponse.json(
          { error: { code: 'internal', message: 'Erro interno no servidor. Tente novamente em instantes.' } },
          { status: 500 },
        );
      case 'timeout':
        await delay('infinite');
        return undefined;
      case 'offline':
        return HttpResponse.error();
      case 'malformed':
        return new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        });
      default:
        return undefined;
    }
  };
  return [http.all(`${ctx.apiUrl}/*`, resolver), http.all(`${ctx.vpnApiUrl}/*`, resolver)];
}
