import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { buildSeed } from '@/seed';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { call, makeUid, makeIdempotencyKey, type CallOptions } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { app } from '../../index';
import { paymentPlatform } from '../../db/payments-schema';
import { seedPayments, testDb } from './fixtures';
import { openSecret, SECRETS_KEY_MISSING_MESSAGE } from './secrets';

type Platform = {
  id: string;
  name: string;
  hasSecretKey: boolean;
  secretKeyLast4: string | null;
  enabled: boolean;
  provider: string;
  methods: Array<{ id: string; name: string; enabled: boolean }>;
  version: number;
};
type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };
type ErrorBody = { error: { code: string; message: string; field?: string } };

const SEEDED_SECRET = 'sk_live_demo_4b8e2d91c0a7';
const NEW_SECRET = 'sk_live_NEW_secret_9f8e7d6c5b4a';
const BASE = '/backoffice/payment-platform';
const newPlatform = { name: 'Mercado Pago produção', provider: 'Mercado Pago', environment: 'producao', publicKey: 'APP_USR-pk-0001', secretKey: NEW_SECRET };

const staff = (options: CallOptions = {}): CallOptions => ({ as: DEMO_ADMIN_UID, admin: true, ...options });
const asStaff = <T = Platform>(method: string, path: string, options: CallOptions = {}) => call<T>(method, path, staff(options));

beforeEach(async () => {
  await seedPayments(buildSeed({ now: Date.now() }));
});

/** One request of every back-office endpoint of the three payments resources. */
export const STAFF_ENDPOINTS: Array<[string, string, unknown?]> = [
  ['GET', BASE],
  ['GET', `${BASE}/payment-platform-1001`],
  ['POST', BASE, newPlatform],
  ['PUT', `${BASE}/payment-platform-1001`, newPlatform],
  ['POST', `${BASE}/payment-platform-1001/enable`],
  ['POST', `${BASE}/payment-platform-1001/disable`],
  ['DELETE', `${BASE}/payment-platform-1003`],
  ['GET', '/backoffice/payment-method'],
  ['GET', '/backoffice/payment-method/payment-method-pix'],
  ['POST', '/backoffice/payment-method', { name: 'Pix 2', kind: 'pix', platformId: 'payment-platform-1001', maxInstallments: 1 }],
  ['PUT', '/backoffice/payment-method/payment-method-pix', { name: 'Pix', kind: 'pix', platformId: 'payment-platform-1001' }],
  ['POST', '/backoffice/payment-method/payment-method-pix/enable'],
  ['POST', '/backoffice/payment-method/payment-method-pix/disable'],
  ['DELETE', '/backoffice/payment-method/payment-method-cartao'],
  ['GET', '/backoffice/discount-rule'],
  ['GET', '/backoffice/discount-rule/discount-rule-1001'],
  ['POST', '/backoffice/discount-rule', { name: 'Lote de 100', minQuantity: 100, percent: 20 }],
  ['PUT', '/backoffice/discount-rule/discount-rule-1001', { name: 'Lote de 5', minQuantity: 5, percent: 5 }],
  ['POST', '/backoffice/discount-rule/discount-rule-1005/activate'],
  ['POST', '/backoffice/discount-rule/discount-rule-1001/deactivate'],
  ['DELETE', '/backoffice/discount-rule/discount-rule-1005'],
];

async function snapshot() {
  const rows = await env.DB.batch([
    env.DB.prepare('SELECT * FROM payment_platform ORDER BY id'),
    env.DB.prepare('SELECT * FROM payment_method ORDER BY id'),
    env.DB.prepare('SELECT * FROM discount_rule ORDER BY id'),
  ]);
  return JSON.stringify(rows.map((result) => result.results));
}

describe('back-office payment and discount endpoints: staff only', () => {
  it('a builder’s token gets 403 with the pt-BR message on every one of them, and nothing changes; no token: 401', async () => {
    const before = await snapshot();
    const builder = makeUid();
    for (const [method, path, body] of STAFF_ENDPOINTS) {
      const headers = { 'If-Match': '1', 'Idempotency-Key': makeIdempotencyKey() };
      const answer = await call<ErrorBody>(method, path, { as: builder, body, headers });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error.message).toBe('Acesso restrito à equipe Ponte IIoT.');
      expect((await call(method, path, { body, headers })).status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('/backoffice/payment-platform', () => {
  it('never answers the secret key: every endpoint, the replay of a create and a conflict’s current record', async () => {
    const bodies: string[] = [];
    const keep = async <T>(answer: Promise<{ status: number; body: T }>) => {
      const done = await answer;
      bodies.push(JSON.stringify(done.body));
      return done;
    };
    await keep(asStaff('GET', BASE));
    await keep(asStaff('GET', `${BASE}?q=cora&sort=-createdAt`));
    const seeded = await keep(asStaff('GET', `${BASE}/payment-platform-1001`));
    expect(seeded.body).toMatchObject({ hasSecretKey: true, secretKeyLast4: 'c0a7' });
    expect(seeded.body).not.toHaveProperty('secretKey');

    const key = makeIdempotencyKey();
    const created = await keep(asStaff('POST', BASE, { body: newPlatform, headers: { 'Idempotency-Key': key } }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Mercado Pago produção', hasSecretKey: true, secretKeyLast4: '5b4a', enabled: true, methods: [] });
    const replay = await keep(asStaff('POST', BASE, { body: newPlatform, headers: { 'Idempotency-Key': key } }));
    expect(replay.body.id).toBe(created.body.id);
    const same = await testDb().select().from(paymentPlatform).where(eq(paymentPlatform.name, 'Mercado Pago produção'));
    expect(same).toHaveLength(1);

    const path = `${BASE}/${created.body.id}`;
    const version = created.body.version;
    await keep(asStaff('GET', path));
    await keep(asStaff('PUT', path, { body: { ...newPlatform, secretKey: '' }, headers: { 'If-Match': String(version) } }));
    const stale = await keep(asStaff('PUT', path, { body: { ...newPlatform, secretKey: '' }, headers: { 'If-Match': String(version) } }));
    expect(stale.status).toBe(409);
    await keep(asStaff('POST', `${path}/disable`, { headers: { 'If-Match': String(version + 1) } }));
    await keep(asStaff('POST', `${path}/enable`));
    await keep(asStaff('POST', `${BASE}/payment-platform-1001/disable`));
    await keep(asStaff('GET', '/backoffice/payment-method'));
    await keep(asStaff('GET', '/backoffice/payment-method/payment-method-pix'));
    await keep(call('GET', '/payment-method', { as: makeUid() }));
    await keep(asStaff('DELETE', path));
    await keep(asStaff('GET', path));

    expect(bodies).toHaveLength(16);
    for (const body of bodies) {
      expect(body).not.toContain(NEW_SECRET);
      expect(body).not.toContain(SEEDED_SECRET);
      expect(body).not.toContain('secretKey"');
      expect(body).not.toContain('secretKeyCipher');
    }
    // Nor is it kept where a replay is answered from.
    const keys = await env.DB.prepare('SELECT body FROM idempotency_key').all<{ body: string | null }>();
    expect(JSON.stringify(keys.results)).not.toContain(NEW_SECRET);
  });

  it('stores the secret encrypted (AES-GCM, a fresh IV per write) and only its last 4 in clear', async () => {
    const created = await asStaff('POST', BASE, { body: newPlatform, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
    const [row] = await testDb().select().from(paymentPlatform).where(eq(paymentPlatform.id, created.body.id));
    if (!row) throw new Error('not stored');
    expect(JSON.stringify(row)).not.toContain(NEW_SECRET);
    expect(row.secretKeyLast4).toBe('5b4a');
    expect(row.secretKeyIv).toMatch(/^[A-Za-z0-9+/]{16}$/); // 12 bytes
    expect(await openSecret(env.SECRETS_KEY, row)).toBe(NEW_SECRET);

    // The seed's keys too.
    const [seeded] = await testDb().select().from(paymentPlatform).where(eq(paymentPlatform.id, 'payment-platform-1001'));
    if (!seeded) throw new Error('not seeded');
    expect(JSON.stringify(seeded)).not.toContain(SEEDED_SECRET);
    expect(await openSecret(env.SECRETS_KEY, seeded)).toBe(SEEDED_SECRET);

    // The same key written again: another IV, another ciphertext.
    const path = `${BASE}/${created.body.id}`;
    await asStaff('PUT', path, { body: newPlatform, headers: { 'If-Match': '1' } });
    const [again] = await testDb().select().from(paymentPlatform).where(eq(paymentPlatform.id, created.body.id));
    expect(again?.secretKeyIv).not.toBe(row.secretKeyIv);
    expect(again?.secretKeyCipher).not.toBe(row.secretKeyCipher);
  });

  it('without SECRETS_KEY, writing a secret is a pt-BR 503 and nothing is stored; a blank one still saves', async () => {
    const noKey = { ...env, SECRETS_KEY: undefined };
    const request = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
      app.request(
        path,
        {
          method,
          headers: { Authorization: `Bearer ${makeEmulatorToken({ uid: DEMO_ADMIN_UID, admin: true })}`, 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        },
        noKey,
      );
    const created = await request('POST', BASE, newPlatform, { 'Idempotency-Key': makeIdempotencyKey() });
    expect(created.status).toBe(503);
    expect(await created.json()).toEqual({ error: { code: 'secrets-key-missing', message: SECRETS_KEY_MISSING_MESSAGE } });
    expect(await testDb().select().from(paymentPlatform).where(eq(paymentPlatform.name, newPlatform.name))).toHaveLength(0);

    const body = { name: 'Pix e boleto', provider: 'Banco Cora', environment: 'producao', publicKey: 'pk_live_7f3a9c21' };
    const replaced = await request('PUT', `${BASE}/payment-platform-1001`, { ...body, secretKey: NEW_SECRET }, { 'If-Match': '1' });
    expect(replaced.status).toBe(503);
    const kept = await request('PUT', `${BASE}/payment-platform-1001`, { ...body, secretKey: '' }, { 'If-Match': '1' });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ name: 'Pix e boleto', secretKeyLast4: 'c0a7', version: 2 });
  });

  it('seeded without SECRETS_KEY, the platforms have no secret (hasSecretKey false)', async () => {
    await seedPayments(buildSeed({ now: Date.now() }), { secretsKey: null });
    const one = await asStaff('GET', `${BASE}/payment-platform-1001`);
    expect(one.body).toMatchObject({ hasSecretKey: false, secretKeyLast4: null });
  });

  it('create: an empty secret is refused on its field; no Idempotency-Key is 400', async () => {
    const empty = await asStaff<ErrorBody>('POST', BASE, { body: { ...newPlatform, secretKey: '' }, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'validation', field: 'secretKey', message: 'Informe a chave secreta.' });
    expect((await asStaff('POST', BASE, { body: newPlatform })).status).toBe(400);
  });

  it('update: a blank secret keeps the stored key; a new one replaces it; versions guard it', async () => {
    const path = `${BASE}/payment-platform-1001`;
    const current = await asStaff('GET', path);
    const body = { name: 'Pix e boleto (Cora)', provider: 'Banco Cora', environment: 'producao', publicKey: 'pk_live_7f3a9c21', secretKey: '' };
    expect((await asStaff('PUT', path, { body })).status).toBe(428);
    const kept = await asStaff('PUT', path, { body, headers: { 'If-Match': String(current.body.version) } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Pix e boleto (Cora)', secretKeyLast4: 'c0a7', version: current.body.version + 1 });

    const stale = await asStaff<ErrorBody>('PUT', path, { body: { ...body, secretKey: NEW_SECRET }, headers: { 'If-Match': String(current.body.version) } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);

    const replaced = await asStaff('PUT', path, { body: { ...body, secretKey: NEW_SECRET }, headers: { 'If-Match': String(current.body.version + 1) } });
    expect(replaced.body.secretKeyLast4).toBe('5b4a');
    const [row] = await testDb().select().from(paymentPlatform).where(eq(paymentPlatform.id, 'payment-platform-1001'));
    expect(row && (await openSecret(env.SECRETS_KEY, row))).toBe(NEW_SECRET);
  });

  it('list: search, status filter and sort', async () => {
    const page = await asStaff<Page<Platform>>('GET', `${BASE}?q=pagar`);
    expect(page.body.data.map((p) => p.provider)).toEqual(['Pagar.me']);
    const disabled = await asStaff<Page<Platform>>('GET', `${BASE}?status=disabled`);
    expect(disabled.body.data.map((p) => p.id)).toEqual(['payment-platform-1003']);
    const sorted = await asStaff<Page<Platform>>('GET', `${BASE}?sort=-name`);
    const names = sorted.body.data.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'pt-BR')));
    expect(sorted.body.meta).toEqual({ page: 1, perPage: 20, total: 3 });
  });

  it('disabling a platform disables its enabled methods; enabling it leaves them off', async () => {
    const path = `${BASE}/payment-platform-1001`;
    const before = await asStaff('GET', path);
    // In the order they were made (the seed's: Pix, then boleto), as the confirmation names them.
    expect(before.body.methods.filter((m) => m.enabled).map((m) => m.name)).toEqual(['Pix', 'Boleto bancário']);

    const disabled = await asStaff('POST', `${path}/disable`, { headers: { 'If-Match': String(before.body.version) } });
    expect(disabled.body.enabled).toBe(false);
    expect(disabled.body.methods.every((m) => !m.enabled)).toBe(true);
    const pix = await asStaff('GET', '/backoffice/payment-method/payment-method-pix');
    expect(pix.body).toMatchObject({ enabled: false, platformEnabled: false, version: 2 });
    const checkout = await call<Page<{ id: string }>>('GET', '/payment-method', { as: makeUid() });
    expect(checkout.body.data.map((m) => m.id)).toEqual(['payment-method-cartao']);
    // Twice: unchanged, no version bump.
    expect((await asStaff('POST', `${path}/disable`)).body.version).toBe(disabled.body.version);

    expect((await asStaff('POST', `${path}/enable`, { headers: { 'If-Match': String(before.body.version) } })).status).toBe(409);
    const enabled = await asStaff('POST', `${path}/enable`);
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body.methods.every((m) => !m.enabled)).toBe(true);
  });

  it('a platform with methods cannot be deleted (says how many); one without can', async () => {
    const refused = await asStaff<ErrorBody>('DELETE', `${BASE}/payment-platform-1001`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('has-dependents');
    expect(refused.body.error.message).toContain('2 métodos de pagamento a usam');
    expect((await asStaff('DELETE', `${BASE}/payment-platform-1003`)).status).toBe(204);
    const gone = await asStaff<ErrorBody>('GET', `${BASE}/payment-platform-1003`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Plataforma não encontrada.');
  });
});
