/**
 * The unit tests' backend: the real Workers (src/testing/workers/harness.ts, run by the global setup) behind MSW.
 * Requests to the main API, the VPN API and the payment platform's origins are forwarded to the harness on loopback,
 * each Vitest worker on a database of its own; HTTP faults (faults.ts) answer in front of it.
 */
import { http } from 'msw';
import { inject } from 'vitest';
import { faultAnswer, memoryFaults } from './faults';
import { TEST_API_URL, TEST_PAY_URL, TEST_VPN_API_URL } from './config';

export const testFaults = memoryFaults();

/** This Vitest worker's database in the harness (VITEST_POOL_ID: 1 … maxWorkers). */
const slot = process.env.VITEST_POOL_ID ?? '1';

function harnessUrl(path: string): string {
  return new URL(path, inject('workersUrl')).toString();
}

/**
 * Node's own fetch, taken before MSW's server patches it (setup-tests.ts calls `listen()` later): the forwards to the
 * harness are neither intercepted nor seen by `server.events`, where a test counts the SPA's requests.
 */
const nativeFetch = globalThis.fetch;

/**
 * Node's fetch to the harness, sent once more when the connection it reused had been closed by workerd in the meantime
 * ("other side closed": nothing of the request reached the harness).
 */
async function send(build: () => Request): Promise<Response> {
  try {
    return await nativeFetch(build());
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return nativeFetch(build());
  }
}

/** A request the harness answers itself (restore, SQL). */
async function harness(path: string, body: unknown): Promise<Response> {
  return send(
    () =>
      new Request(harnessUrl(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-harness-slot': slot },
        body: JSON.stringify(body),
      }),
  );
}

async function forward(request: Request, target: 'main' | 'vpn' | 'pay'): Promise<Response> {
  const fault = await faultAnswer(testFaults, request);
  if (fault) return fault;
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('x-harness-slot', slot);
  headers.set('x-harness-target', target);
  headers.set('x-harness-url', request.url);
  // Node's fetch decodes a compressed body but keeps its Content-Encoding, which MSW would decode again.
  headers.set('accept-encoding', 'identity');
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const answer = await send(
    () => new Request(harnessUrl(url.pathname + url.search), { method: request.method, headers, body, redirect: 'manual' }),
  );
  if (!answer.headers.has('content-encoding')) return answer;
  const plain = new Headers(answer.headers);
  plain.delete('content-encoding');
  plain.delete('content-length');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: plain });
}

export const backendHandlers = [
  http.all(`${TEST_API_URL}/*`, ({ request }) => forward(request, 'main')),
  http.all(`${TEST_VPN_API_URL}/*`, ({ request }) => forward(request, 'vpn')),
  http.all(`${TEST_PAY_URL}/*`, ({ request }) => forward(request, 'pay')),
];

/** The seeded database back (only if something touched it since), fresh rate limits and payment ledger, no fault. */
export async function resetTestBackend(): Promise<void> {
  testFaults.set(null);
  const response = await harness('/__harness/restore', {});
  if (!response.ok) throw new Error(`harness restore: ${response.status} ${await response.text()}`);
}

/** One SQL statement on this worker's database (what a test reads or arranges beside the API): its rows. */
export async function testSql<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const response = await harness('/__harness/sql', { sql, params });
  const answer = (await response.json()) as { rows?: Row[]; error?: string };
  if (!response.ok || !answer.rows) throw new Error(`harness sql: ${answer.error ?? response.status} (${sql})`);
  return answer.rows;
}
