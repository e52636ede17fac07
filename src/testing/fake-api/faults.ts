import { delay, http, HttpResponse } from 'msw';
import { matchesFault, type FaultSource } from './fault-rules';
import type { HandlerContext } from './http';

export function faultHandlers(ctx: HandlerContext, faults: FaultSource) {
  const resolver = async ({ request }: { request: Request }) => {
    const fault = faults.get();
    if (!fault || !matchesFault(fault, request.method, request.url)) return undefined; // fall through to the real handler
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
