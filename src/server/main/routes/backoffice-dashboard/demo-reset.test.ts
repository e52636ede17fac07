// The demo's reset (src/server/demo): demo mode only, then the seed as the routes answer it. (Here because the
// server's Vitest config runs main/ and shared/ tests; it belongs in src/server/demo/ once demo/ is included.)
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BackofficeDashboard } from '@/contracts/backoffice-dashboard';
import type { BackofficeSearchResults } from '@/contracts/backoffice-search';
import { resetDemo, seedIfEmpty } from '../../../demo/reset';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { app } from '../../index';

const MARIA = 'demo-cliente-maria';
const SERRA = 'demo-montadora-serra';
const demoEnv = { ...env, DEMO: 'true' };

type Page = { meta: { total: number } };
type Dashboard = BackofficeDashboard<{ seconds: number; nanos: number }>;

/** A request to the main Worker in demo mode (the tests' Worker runs without DEMO). */
async function demoCall(method: string, path: string, uid?: string) {
  const headers: Record<string, string> = uid ? { Authorization: `Bearer ${makeEmulatorToken({ uid })}` } : {};
  const response = await app.request(path, { method, headers }, demoEnv);
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const total = async (path: string, uid = MARIA) => (await call<Page>('GET', path, { as: uid })).body.meta.total;

describe('POST /demo/reset and /demo/seed-if-empty outside demo mode', () => {
  it('are 404 like an unknown route, with or without a session, and are not in the API document', async () => {
    for (const path of ['/demo/reset', '/demo/reset?seed=large', '/demo/seed-if-empty']) {
      for (const as of [undefined, MARIA]) {
        const answer = await call('POST', path, { as });
        expect(answer.status, path).toBe(404);
        expect(answer.body).toEqual({ error: { code: 'route-not-found', message: `Rota inexistente: POST ${path.split('?')[0]}` } });
      }
    }
    const document = await call<{ paths: Record<string, unknown> }>('GET', '/openapi.json');
    expect(Object.keys(document.body.paths).filter((path) => path.startsWith('/demo'))).toEqual([]);
  });
});

describe('the demo reset', () => {
  it('needs a session in demo mode, then restores the seed (204)', async () => {
    expect((await demoCall('POST', '/demo/reset')).status).toBe(401);
    const answer = await demoCall('POST', '/demo/reset', 'qualquer-usuario');
    expect(answer).toEqual({ status: 204, body: null });

    // The demo's numbers (the portal's and the back office's screens show them), through the routes.
    expect(await total('/machine')).toBe(60);
    expect(await total('/machine-model')).toBe(8);
    expect(await total('/customer')).toBeGreaterThanOrEqual(45);
    expect(await total('/customer', SERRA)).toBeGreaterThan(0);
    const staff = await call<Dashboard>('GET', '/backoffice/dashboard', { as: 'staff-1', admin: true });
    // Maria's 70 gateways and the other builder's one (the 3 unclaimed ones are nobody's).
    expect(staff.body.gateways.total).toBe(71);
    // VPN users: one valid, one without expiry, one expired, one disabled.
    expect(staff.body.vpnUsers.active).toBe(2);
    expect(staff.body.assemblers).toBe(2);
    const builders = await call<{ data: Array<{ uid: string }> }>('GET', '/backoffice/assembler', { as: 'staff-1', admin: true });
    expect(builders.body.data.map((builder) => builder.uid)).toEqual([SERRA, MARIA]);
    const maria = await call<{ orderCount: number; openOrderCount: number; devices: Record<string, number> }>(
      'GET',
      `/backoffice/assembler/${MARIA}`,
      { as: 'staff-1', admin: true },
    );
    // Maria's 6 orders, 3 open, 70 gateways.
    expect(maria.body).toMatchObject({ orderCount: 6, openOrderCount: 3, devices: { total: 70 } });
    // Orders 1001–1007: 1001/1002 entregue, 1003 enviado, 1004 aguardando, 1005 pago, 1006 em separação, 1007 cancelado.
    expect(staff.body.ordersByStatus).toEqual({
      'aguardando-pagamento': 1,
      pago: 1,
      'em-separacao': 1,
      enviado: 1,
      entregue: 2,
      cancelado: 1,
    });
    const search = async (q: string) =>
      (await call<BackofficeSearchResults>('GET', `/backoffice/search?q=${q}`, { as: 'staff-1', admin: true })).body;
    expect((await search('joao')).assemblers.map((hit) => hit.id)).toEqual([SERRA]);
    expect((await search('%231004')).orders[0]).toMatchObject({ id: 'order-1004', number: 1004, status: 'aguardando-pagamento', assemblerName: 'Maria Oliveira Santos' });
    expect((await search('automax')).vpnUsers.map((hit) => hit.id)).toEqual(['vpn-user-1003']);
  });

  it('empties what was added since, and new ids never collide with seeded ones', async () => {
    const report = await resetDemo(demoEnv);
    const before = await total('/customer');
    const created = await call<{ id: string }>('POST', '/customer', {
      as: MARIA,
      body: { name: 'Cliente novo da demonstração', cnpj: '11.222.333/0001-81' },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect(created.status).toBe(201);
    const seededNumbers = (await env.DB.prepare("SELECT id FROM customer WHERE id <> ?").bind(created.body.id).all<{ id: string }>()).results.map(
      (row) => Number(row.id.split('-').at(-1)),
    );
    expect(Number(created.body.id.split('-').at(-1))).toBe(Math.max(...seededNumbers) + 1);
    expect(await total('/customer')).toBe(before + 1);

    await resetDemo(demoEnv);
    expect(await total('/customer')).toBe(before);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM idempotency_key').first<{ n: number }>())?.n).toBe(0);
    expect(report.rowsByTable.customer).toBeGreaterThanOrEqual(45);
    expect(report.rowsByTable.machine).toBeGreaterThanOrEqual(60);
  });

  it('seed-if-empty seeds a database without builders and leaves one with builders alone', async () => {
    await env.DB.prepare('DELETE FROM customer').run();
    await env.DB.prepare('DELETE FROM assembler').run();
    expect((await demoCall('POST', '/demo/seed-if-empty', MARIA)).status).toBe(204);
    const seeded = await total('/customer');
    expect(seeded).toBeGreaterThanOrEqual(45);

    const now = Date.now();
    await env.DB.prepare('INSERT INTO assembler (uid, name, cnpj, email, created_at, version, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)')
      .bind('montadora-x', 'Montadora X', '11222333000181', 'x@example.com', now, now)
      .run();
    await env.DB.prepare('DELETE FROM customer WHERE id = (SELECT min(id) FROM customer)').run();
    expect(await seedIfEmpty(demoEnv)).toBe(false);
    expect(await total('/customer')).toBe(seeded - 1);
  });

  it('?seed=large: 10 000 more machines, each with its gateway', async () => {
    expect((await demoCall('POST', '/demo/reset?seed=large', MARIA)).status).toBe(204);
    expect(await total('/machine')).toBe(10_060);
    const staff = await call<Dashboard>('GET', '/backoffice/dashboard', { as: 'staff-1', admin: true });
    expect(staff.body.gateways.total).toBe(10_071);
  }, 120_000);
});
