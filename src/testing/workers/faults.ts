/**
 * Injected HTTP failures in front of the unit tests' Workers (src/testing/workers/backend.ts): requests whose path
 * contains `match` (all when empty) are answered 500, hang, go offline or get malformed JSON, `remaining` times
 * (forever when absent). The e2e suite does the same with Playwright's request routing (tests/e2e/support.ts).
 */
import { delay, HttpResponse } from 'msw';

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

/** The fault's answer for this request, or undefined when none applies (the request goes on to the Workers). */
export async function faultAnswer(faults: FaultSource, request: Request): Promise<Response | undefined> {
  const fault = faults.get();
  if (!fault || !matchesFault(fault, request.method, request.url)) return undefined;
  if (fault.remaining !== undefined) faults.set(fault.remaining > 1 ? { ...fault, remaining: fault.remaining - 1 } : null);
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
      return new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
  }
}
