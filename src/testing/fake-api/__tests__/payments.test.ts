import { describe, expect, it } from 'vitest';
import { testDb } from '@/testing/msw-server';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
const customer = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

interface ApiPlatform {
  id: string;
  name: string;
  provider: string;
  environment: string;
  publicKey: string;
  hasSecretKey: boolean;
  secretKeyLast4: string | null;
  enabled: boolean;
  methods: Array<{ id: string; name: string; enabled: boolean }>;
  version: number;
}
interface ApiMethod {
  id: string;
  name: string;
  kind: string;
  platformId: string;
  platformName: string;
  platformEnabled: boolean;
  enabled: boolean;
  maxInstallments: number;
  unpaidOrderCount: number;
  version: number;
}
interface ApiError {
  error: { code: string; message: string; field?: string };
}

const post = (path: string, body: unknown, token = admin, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', token, headers, body: JSON.stringify(body) });
const put = (path: string, body: unknown, version: number | null, token = admin) =>
  call(path, { method: 'PUT', token, headers: version === null ? {} : { 'If-Match': String(version) }, body: JSON.stringify(body) });

const SEEDED_SECRET = 'sk_live_demo_4b8e2d91c0a7';
const NEW_SECRET = 'sk_live_NEW_secret_9f8e7d6c5b4a';

const newPlatform = {
  name: 'Mercado Pago produção',
  provider: 'Mercado Pago',
  environment: 'producao',
  publicKey: 'APP_USR-pk-0001',
  secretKey: NEW_SECRET,
};

/** One request of every back-office endpoint (method, path, body) of the three resources. */
const STAFF_ENDPOINTS: Array<[string, string, unknown?]> = [
  ['GET', '/backoffice/payment-platform'],
  ['GET', '/backoffice/payment-platform/payment-platform-1001'],
  ['POST', '/backoffice/payment-platform', newPlatform],
  ['PUT', '/backoffice/payment-platform/payment-platform-1001', newPlatform],
  ['POST', '/backoffice/payment-platform/payment-platform-1001/enable'],
  ['POST', '/backoffice/payment-platform/payment-platform-1001/disable'],
  ['DELETE', '/backoffice/payment-platform/payment-platform-1003'],
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

function request([method, path, body]: [string, string, unknown?], token: string | undefined) {
  return call(path, {
    method,
    token,
    headers: method === 'PUT' ? { 'If-Match': '1' } : {},
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('back-office payment and discount endpoints: staff only', () => {
  it('a customer’s token gets 403 with a pt-BR message on every one of them, and nothing changes', async () => {
    const before = JSON.stringify([testDb().data.paymentPlatforms, testDb().data.paymentMethods, testDb().data.discountRules]);
    for (const endpoint of STAFF_ENDPOINTS) {
      const response = await request(endpoint, customer);
      expect(response.status, `${endpoint[0]} ${endpoint[1]}`).toBe(403);
      expect((await json<ApiError>(response)).error.message).toBe('Acesso restrito à equipe Ponte IIoT.');
    }
    expect(JSON.stringify([testDb().data.paymentPlatforms, testDb().data.paymentMethods, testDb().data.discountRules])).toBe(before);
  });

  it('no token: 401 on every one of them', async () => {
    for (const endpoint of STAFF_ENDPOINTS) expect((await request(endpoint, undefined)).status).toBe(401);
  });
});

describe('/backoffice/payment-platform', () => {
  it('never answers the secret key: every endpoint, the replay of a create and a conflict’s current record', async () => {
    const bodies: string[] = [];
    const keep = async (response: Response) => {
      const text = await response.clone().text();
      bodies.push(text);
      return response;
    };
    await keep(await call('/backoffice/payment-platform', { token: admin }));
    await keep(await call('/backoffice/payment-platform?q=cora&sort=-createdAt', { token: admin }));
    const seeded = await json<ApiPlatform>(await keep(await call('/backoffice/payment-platform/payment-platform-1001', { token: admin })));
    expect(seeded).toMatchObject({ hasSecretKey: true, secretKeyLast4: 'c0a7' });
    expect(seeded).not.toHaveProperty('secretKey');

    const created = await keep(await post('/backoffice/payment-platform', newPlatform, admin, { 'Idempotency-Key': 'k-platform-1' }));
    expect(created.status).toBe(201);
    const platform = await json<ApiPlatform>(created);
    expect(platform).toMatchObject({ name: 'Mercado Pago produção', hasSecretKey: true, secretKeyLast4: '5b4a', enabled: true, methods: [] });
    const replay = await keep(await post('/backoffice/payment-platform', newPlatform, admin, { 'Idempotency-Key': 'k-platform-1' }));
    expect((await json<ApiPlatform>(replay)).id).toBe(platform.id);
    expect(testDb().data.paymentPlatforms.filter((p) => p.name === 'Mercado Pago produção')).toHaveLength(1);

    const path = `/backoffice/payment-platform/${platform.id}`;
    await keep(await call(path, { token: admin }));
    await keep(await put(path, { ...newPlatform, secretKey: '' }, platform.version));
    await keep(await put(path, { ...newPlatform, secretKey: '' }, platform.version)); // stale: 409 with `current`
    await keep(await post(`${path}/disable`, {}, admin, { 'If-Match': String(platform.version + 1) }));
    await keep(await post(`${path}/enable`, {}));
    await keep(await post('/backoffice/payment-platform/payment-platform-1001/disable', {}));
    await keep(await call('/backoffice/payment-method', { token: admin }));
    await keep(await call('/backoffice/payment-method/payment-method-pix', { token: admin }));
    await keep(await call('/payment-method', { token: customer }));
    await keep(await call(path, { method: 'DELETE', token: admin }));
    await keep(await call(path, { token: admin })); // 404

    expect(bodies).toHaveLength(16);
    for (const body of bodies) {
      expect(body).not.toContain(NEW_SECRET);
      expect(body).not.toContain(SEEDED_SECRET);
      expect(body).not.toContain('secretKey"');
    }
    // Nor is it kept where a replay is answered from.
    expect(JSON.stringify(testDb().data.idempotency)).not.toContain(NEW_SECRET);
  });

  it('create: an empty secret is refused on its field', async () => {
    const response = await post('/backoffice/payment-platform', { ...newPlatform, secretKey: '' });
    expect(response.status).toBe(400);
    expect((await json<ApiError>(response)).error).toMatchObject({ code: 'validation', field: 'secretKey', message: 'Informe a chave secreta.' });
  });

  it('update: a blank secret keeps the stored key; a new one replaces it; versions guard it', async () => {
    const path = '/backoffice/payment-platform/payment-platform-1001';
    const current = await json<ApiPlatform>(await call(path, { token: admin }));
    const body = { name: 'Pix e boleto (Cora)', provider: 'Banco Cora', environment: 'producao', publicKey: 'pk_live_7f3a9c21', secretKey: '' };

    expect((await put(path, body, null)).status).toBe(428);
    const kept = await put(path, body, current.version);
    expect(kept.status).toBe(200);
    expect(await json<ApiPlatform>(kept)).toMatchObject({ name: 'Pix e boleto (Cora)', secretKeyLast4: 'c0a7', version: current.version + 1 });
    expect(testDb().data.paymentPlatforms.find((p) => p.id === 'payment-platform-1001')?.secretKey).toBe(SEEDED_SECRET);

    const stale = await put(path, { ...body, secretKey: NEW_SECRET }, current.version);
    expect(stale.status).toBe(409);
    expect((await json<ApiError>(stale)).error.message).toBe('Este registro foi alterado por outra pessoa.');

    const replaced = await put(path, { ...body, secretKey: NEW_SECRET }, current.version + 1);
    expect((await json<ApiPlatform>(replaced)).secretKeyLast4).toBe('5b4a');
    expect(testDb().data.paymentPlatforms.find((p) => p.id === 'payment-platform-1001')?.secretKey).toBe(NEW_SECRET);
  });

  it('list: search, status filter and sort', async () => {
    const page = await json<ApiPage<ApiPlatform>>(await call('/backoffice/payment-platform?q=pagar', { token: admin }));
    expect(page.data.map((p) => p.provider)).toEqual(['Pagar.me']);
    const disabled = await json<ApiPage<ApiPlatform>>(await call('/backoffice/payment-platform?status=disabled', { token: admin }));
    expect(disabled.data.every((p) => !p.enabled)).toBe(true);
    expect(disabled.meta.total).toBeGreaterThan(0);
    const sorted = await json<ApiPage<ApiPlatform>>(await call('/backoffice/payment-platform?sort=-name', { token: admin }));
    const names = sorted.data.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'pt-BR')));
  });

  it('disabling a platform disables its enabled methods; enabling it leaves them off', async () => {
    const path = '/backoffice/payment-platform/payment-platform-1001';
    const before = await json<ApiPlatform>(await call(path, { token: admin }));
    expect(before.methods.filter((m) => m.enabled).map((m) => m.name).sort()).toEqual(['Boleto bancário', 'Pix']);

    const disabled = await json<ApiPlatform>(await post(`${path}/disable`, {}, admin, { 'If-Match': String(before.version) }));
    expect(disabled.enabled).toBe(false);
    expect(disabled.methods.every((m) => !m.enabled)).toBe(true);
    const pix = await json<ApiMethod>(await call('/backoffice/payment-method/payment-method-pix', { token: admin }));
    expect(pix).toMatchObject({ enabled: false, platformEnabled: false });

    const checkout = await json<ApiPage<{ id: string }>>(await call('/payment-method', { token: customer }));
    expect(checkout.data.map((m) => m.id)).toEqual(['payment-method-cartao']);

    // A stale switch is refused.
    expect((await post(`${path}/enable`, {}, admin, { 'If-Match': String(before.version) })).status).toBe(409);
    const enabled = await json<ApiPlatform>(await post(`${path}/enable`, {}));
    expect(enabled.enabled).toBe(true);
    expect(enabled.methods.every((m) => !m.enabled)).toBe(true);
  });

  it('a platform with methods cannot be deleted (says how many); one without can', async () => {
    const refused = await call('/backoffice/payment-platform/payment-platform-1001', { method: 'DELETE', token: admin });
    expect(refused.status).toBe(409);
    expect((await json<ApiError>(refused)).error.message).toContain('2 métodos de pagamento a usam');
    expect((await call('/backoffice/payment-platform/payment-platform-1003', { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await call('/backoffice/payment-platform/payment-platform-1003', { token: admin })).status).toBe(404);
    expect((await json<ApiError>(await call('/backoffice/payment-platform/payment-platform-1003', { token: admin }))).error.message).toBe(
      'Plataforma não encontrada.',
    );
  });
});

describe('/backoffice/payment-method', () => {
  const card = { name: 'Cartão em até 12x', kind: 'cartao-credito', platformId: 'payment-platform-1002', maxInstallments: 12, enabled: true };

  it('instalments 0 and 25 are refused; Pix and boleto take one', async () => {
    for (const maxInstallments of [0, 25, '25', 2.5]) {
      const response = await post('/backoffice/payment-method', { ...card, maxInstallments });
      expect(response.status).toBe(400);
      expect((await json<ApiError>(response)).error).toMatchObject({ field: 'maxInstallments', message: 'Informe de 1 a 24 parcelas.' });
    }
    const pix = await post('/backoffice/payment-method', { ...card, kind: 'pix', maxInstallments: 3 });
    expect((await json<ApiError>(pix)).error.message).toBe('Pix e boleto são pagos em 1 parcela.');
    const created = await post('/backoffice/payment-method', card, admin, { 'Idempotency-Key': 'k-method-1' });
    expect(created.status).toBe(201);
    expect(await json<ApiMethod>(created)).toMatchObject({ maxInstallments: 12, platformName: 'Cartões', enabled: true, unpaidOrderCount: 0 });
  });

  it('needs an enabled platform: created on one, enabled only while it is', async () => {
    const onDisabled = await post('/backoffice/payment-method', { ...card, platformId: 'payment-platform-1003', enabled: false });
    expect(onDisabled.status).toBe(400);
    expect((await json<ApiError>(onDisabled)).error).toMatchObject({
      field: 'platformId',
      message: 'A plataforma Mercado Pago (avaliação) está inativa. Escolha uma plataforma ativa.',
    });
    expect((await post('/backoffice/payment-method', { ...card, platformId: 'payment-platform-9999' })).status).toBe(400);

    await post('/backoffice/payment-platform/payment-platform-1002/disable', {});
    const enable = await post('/backoffice/payment-method/payment-method-cartao/enable', {});
    expect(enable.status).toBe(409);
    expect((await json<ApiError>(enable)).error.message).toBe('A plataforma Cartões está inativa: ative-a antes de ativar este método.');
    // Saving it enabled is refused the same way, on the field.
    const method = await json<ApiMethod>(await call('/backoffice/payment-method/payment-method-cartao', { token: admin }));
    const saved = await put('/backoffice/payment-method/payment-method-cartao', { ...card, name: 'Cartão de crédito', enabled: true }, method.version);
    expect(saved.status).toBe(409);
    expect((await json<ApiError>(saved)).error.field).toBe('enabled');
    // Saved disabled on its own (disabled) platform: fine.
    expect((await put('/backoffice/payment-method/payment-method-cartao', { ...card, enabled: false }, method.version)).status).toBe(200);

    await post('/backoffice/payment-platform/payment-platform-1002/enable', {});
    expect((await json<ApiMethod>(await post('/backoffice/payment-method/payment-method-cartao/enable', {}))).enabled).toBe(true);
  });

  it('a method used by unpaid orders can be disabled, not deleted (says how many)', async () => {
    const orders = testDb().data.orders;
    const template = orders[0];
    if (!template) throw new Error('seed sem pedidos');
    // Two orders awaiting payment by card, whatever the seed's orders are.
    for (const id of ['order-9001', 'order-9002']) {
      orders.push({ ...structuredClone(template), id, status: 'aguardando-pagamento', paymentMethodId: 'payment-method-cartao' });
    }
    const expected = orders.filter((o) => o.status === 'aguardando-pagamento' && o.paymentMethodId === 'payment-method-cartao').length;
    const method = await json<ApiMethod>(await call('/backoffice/payment-method/payment-method-cartao', { token: admin }));
    expect(method.unpaidOrderCount).toBe(expected);

    const refused = await call('/backoffice/payment-method/payment-method-cartao', { method: 'DELETE', token: admin });
    expect(refused.status).toBe(409);
    expect((await json<ApiError>(refused)).error.message).toContain(`${expected} pedidos aguardando pagamento o usam`);

    expect((await json<ApiMethod>(await post('/backoffice/payment-method/payment-method-cartao/disable', {}))).enabled).toBe(false);
    expect(testDb().data.paymentMethods.some((m) => m.id === 'payment-method-cartao')).toBe(true);

    // Once paid, nothing holds it.
    for (const order of orders) if (order.paymentMethodId === 'payment-method-cartao') order.status = 'pago';
    expect((await call('/backoffice/payment-method/payment-method-cartao', { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('list: search by platform name, filters by kind and status', async () => {
    const byPlatform = await json<ApiPage<ApiMethod>>(await call('/backoffice/payment-method?q=gateway', { token: admin }));
    expect(byPlatform.data.map((m) => m.name).sort()).toEqual(['Boleto bancário', 'Pix']);
    const pix = await json<ApiPage<ApiMethod>>(await call('/backoffice/payment-method?kind=pix', { token: admin }));
    expect(pix.data.map((m) => m.id)).toEqual(['payment-method-pix']);
    const sorted = await json<ApiPage<ApiMethod>>(await call('/backoffice/payment-method?sort=-maxInstallments', { token: admin }));
    expect(sorted.data[0]?.id).toBe('payment-method-cartao');
  });
});

describe('GET /payment-method (the checkout)', () => {
  it('any signed-in builder reads the enabled methods on enabled platforms, with nothing of the platform but its public key', async () => {
    expect((await call('/payment-method')).status).toBe(401);
    const page = await json<ApiPage<Record<string, unknown>>>(await call('/payment-method', { token: customer }));
    const db = testDb().data;
    const keyOf = (id: string) => db.paymentPlatforms.find((p) => p.id === db.paymentMethods.find((m) => m.id === id)?.platformId)?.publicKey;
    expect(page.data).toEqual([
      { id: 'payment-method-boleto', name: 'Boleto bancário', kind: 'boleto', maxInstallments: 1, publicKey: keyOf('payment-method-boleto') },
      { id: 'payment-method-cartao', name: 'Cartão de crédito', kind: 'cartao-credito', maxInstallments: 10, publicKey: keyOf('payment-method-cartao') },
      { id: 'payment-method-pix', name: 'Pix', kind: 'pix', maxInstallments: 1, publicKey: keyOf('payment-method-pix') },
    ]);
    await post('/backoffice/payment-method/payment-method-boleto/disable', {});
    const after = await json<ApiPage<{ id: string }>>(await call('/payment-method', { token: customer }));
    expect(after.data.map((m) => m.id)).toEqual(['payment-method-cartao', 'payment-method-pix']);
  });
});
