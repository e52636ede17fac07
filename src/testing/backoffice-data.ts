/** Arrangement helpers for the back-office screens' unit tests, on the real Workers (src/testing/msw-server.ts). */
import { DEMO_ADMIN_UID } from '@/seed';
import { call, json } from './demo-api';
import { TEST_VPN_API_URL, testSql } from './msw-server';
import { makeTestToken } from './test-token';

/** A staff (admin) member's ID token. */
export function makeStaffToken(): string {
  return makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
}

/** A staff request to the main API (`vpn: true`: the VPN API) that must succeed: its JSON answer. */
export async function callAsStaff<T>(
  path: string,
  init: RequestInit & { json?: unknown; vpn?: boolean } = {},
): Promise<T> {
  const { vpn, ...rest } = init;
  const response = await call(path, { ...rest, token: makeStaffToken(), ...(vpn ? { base: TEST_VPN_API_URL } : {}) });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? (undefined as T) : json<T>(response);
}

/** A key for a create that asks for one (Idempotency-Key). */
export function makeIdempotencyHeader(): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': crypto.randomUUID() };
}

/** The demo seed's one hub (src/server/demo/seed/vpn.ts), never reported. */
export const SEED_HUB = { id: 'hub-1001', name: 'São Paulo 1', region: 'sa-east-1', endpoint: '127.0.0.1:51820' } as const;

/** The seed's gateways on its hub. */
export async function storedGatewaysOnHub(hubId: string): Promise<number> {
  const [row] = await testSql<{ n: number }>('SELECT count(*) AS n FROM device WHERE hub_id = ?', [hubId]);
  return row?.n ?? 0;
}

/**
 * Two hubs as their reports leave them: the seed's hub online (reported just now, healthy, `peers` peers), and a
 * second one created by staff (`hub-poa-1`, 203.0.113.20:51821) whose last report, long ago, said `problem`. What a
 * hub reports is only in the database: it is written there. Returns the second hub's id and its gateways (the
 * seed's gateways without a hub — those without an owner — pass to a hub when it is created).
 */
export async function arrangeHubs(options: { peers: number; problem: string }): Promise<{ poaId: string; poaGateways: number }> {
  const created = await callAsStaff<{ id: string }>('/hub', {
    vpn: true,
    method: 'POST',
    headers: makeIdempotencyHeader(),
    json: { name: 'hub-poa-1', region: 'Porto Alegre', endpointHost: '203.0.113.20', endpointPort: 51821 },
  });
  const now = Date.now();
  const health = (ok: boolean, message?: string) =>
    JSON.stringify({ ok, ...(message ? { message } : {}), implementation: 'kernel', startedAt: now - 86_400_000 });
  await testSql('UPDATE vpn_hub SET last_report_at = ?, health = ?, peer_count = ? WHERE id = ?', [
    now,
    health(true),
    options.peers,
    SEED_HUB.id,
  ]);
  await testSql('UPDATE vpn_hub SET public_key = ?, last_report_at = ?, health = ?, peer_count = 0 WHERE id = ?', [
    'pQn1yGIV1Vd9lIf9J0aB+8q0M6bX6bUeA2mT6z7x0Vg=',
    now - 86_400_000,
    health(false, options.problem),
    created.id,
  ]);
  return { poaId: created.id, poaGateways: await storedGatewaysOnHub(created.id) };
}
