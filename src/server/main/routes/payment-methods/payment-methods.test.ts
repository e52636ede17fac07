import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSeed } from '@/seed';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { call, makeUid, makeIdempotencyKey, type CallOptions } from '../../../testing/api';
import { seedPayments } from '../payment-platforms/fixtures';

type Method = {
  id: string;
  name: string;
  kind: string;
  platformName: string;
  platformEnabled: boolean;
  enabled: boolean;
  maxInstallments: number;
  unpaidOrderCount: number;
  version: number;
};
type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };
type ErrorBody = { error: { code: string; message: string; field?: string } };

const BASE = '/backoffice/payment-method';
const card = { name: 'Cartão em até 12x', kind: 'cartao-credito', platformId: 'payment-platform-1002', maxInstallments: 12, enabled: true };
const asStaff = <T = Method>(method: string, path: string, options: CallOptions = {}) =>
  call<T>(method, path, { as: DEMO_ADMIN_UID, admin: true, ...options });
const create = <T = Method>(body: object) => asStaff<T>('POST', BASE, { body, headers: { 'Idempotency-Key': makeIdempotencyKey() } });

beforeEach(async () => {
  await seedPayments(buildSeed({ now: Date.now() }));
});

/** An order (of some builder) with this method and status: only the columns the count reads matter. */
async function addOrder(id: string, number: number, status: string, paymentMethodId: string) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO purchase_order (id, owner_uid, number, status, item_count, subtotal, total, address_cep, address_street,
       address_number, address_district, address_city, address_uf, payment_method_id, payment_kind, payment_method_name,
       search, search_compact, created_at, updated_at)
     VALUES (?, 'builder-x', ?, ?, 1, 100, 100, '01310-100', 'Av. Paulista', '1', 'Bela Vista', 'São Paulo', 'SP', ?, 'cartao-credito',
       'Cartão', '', '', ?, ?)`,
  )
    .bind(id, number, status, paymentMethodId, now, now)
    .run();
}

describe('/backoffice/payment-method', () => {
  it('instalments 0 and 25 are refused; Pix and boleto take one', async () => {
    for (const maxInstallments of [0, 25, '25', 2.5]) {
      const answer = await create<ErrorBody>({ ...card, maxInstallments });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ field: 'maxInstallments', message: 'Informe de 1 a 24 parcelas.' });
    }
    const pix = await create<ErrorBody>({ ...card, kind: 'pix', maxInstallments: 3 });
    expect(pix.body.error.message).toBe('Pix e boleto são pagos em 1 parcela.');
    const created = await create(card);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ maxInstallments: 12, platformName: 'Cartões', platformEnabled: true, enabled: true, unpaidOrderCount: 0, version: 1 });
    expect(created.body.id).toBe('payment-method-1001');
    expect((await asStaff('GET', `${BASE}/${created.body.id}`)).body).toEqual(created.body);
  });

  it('needs an enabled platform: created on one, enabled only while it is', async () => {
    const onDisabled = await create<ErrorBody>({ ...card, platformId: 'payment-platform-1003', enabled: false });
    expect(onDisabled.status).toBe(400);
    expect(onDisabled.body.error).toMatchObject({
      field: 'platformId',
      message: 'A plataforma Mercado Pago (avaliação) está inativa. Escolha uma plataforma ativa.',
    });
    const unknown = await create<ErrorBody>({ ...card, platformId: 'payment-platform-9999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ field: 'platformId', message: 'Plataforma não encontrada.' });

    await asStaff('POST', '/backoffice/payment-platform/payment-platform-1002/disable');
    const enable = await asStaff<ErrorBody>('POST', `${BASE}/payment-method-cartao/enable`);
    expect(enable.status).toBe(409);
    expect(enable.body.error).toMatchObject({ code: 'platform-disabled', message: 'A plataforma Cartões está inativa: ative-a antes de ativar este método.' });
    // Saving it enabled is refused the same way, on the field.
    const method = await asStaff('GET', `${BASE}/payment-method-cartao`);
    const headers = { 'If-Match': String(method.body.version) };
    const saved = await asStaff<ErrorBody>('PUT', `${BASE}/payment-method-cartao`, { body: { ...card, name: 'Cartão de crédito' }, headers });
    expect(saved.status).toBe(409);
    expect(saved.body.error.field).toBe('enabled');
    // Saved disabled on its own (disabled) platform: fine.
    expect((await asStaff('PUT', `${BASE}/payment-method-cartao`, { body: { ...card, enabled: false }, headers })).status).toBe(200);

    await asStaff('POST', '/backoffice/payment-platform/payment-platform-1002/enable');
    expect((await asStaff('POST', `${BASE}/payment-method-cartao/enable`)).body.enabled).toBe(true);
  });

  it('a method used by unpaid orders can be disabled, not deleted (says how many)', async () => {
    await addOrder('order-9001', 9001, 'aguardando-pagamento', 'payment-method-cartao');
    await addOrder('order-9002', 9002, 'aguardando-pagamento', 'payment-method-cartao');
    await addOrder('order-9003', 9003, 'pago', 'payment-method-cartao');
    const method = await asStaff('GET', `${BASE}/payment-method-cartao`);
    expect(method.body.unpaidOrderCount).toBe(2);

    const refused = await asStaff<ErrorBody>('DELETE', `${BASE}/payment-method-cartao`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'has-dependents' });
    expect(refused.body.error.message).toContain('2 pedidos aguardando pagamento o usam');

    expect((await asStaff('POST', `${BASE}/payment-method-cartao/disable`)).body.enabled).toBe(false);
    expect((await asStaff('GET', `${BASE}/payment-method-cartao`)).status).toBe(200);

    // Once paid, nothing holds it.
    await env.DB.prepare("UPDATE purchase_order SET status = 'pago' WHERE payment_method_id = 'payment-method-cartao'").run();
    expect((await asStaff('DELETE', `${BASE}/payment-method-cartao`)).status).toBe(204);
    const gone = await asStaff<ErrorBody>('GET', `${BASE}/payment-method-cartao`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Método de pagamento não encontrado.');
  });

  it('list: search by platform name, filters by kind and status; sorts', async () => {
    const byPlatform = await asStaff<Page<Method>>('GET', `${BASE}?q=gateway`);
    expect(byPlatform.body.data.map((m) => m.name).sort()).toEqual(['Boleto bancário', 'Pix']);
    const byKind = await asStaff<Page<Method>>('GET', `${BASE}?q=cartao`);
    expect(byKind.body.data.map((m) => m.id)).toEqual(['payment-method-cartao']);
    const pix = await asStaff<Page<Method>>('GET', `${BASE}?kind=pix`);
    expect(pix.body.data.map((m) => m.id)).toEqual(['payment-method-pix']);
    const onCards = await asStaff<Page<Method>>('GET', `${BASE}?platform=payment-platform-1002&status=enabled`);
    expect(onCards.body.data.map((m) => m.id)).toEqual(['payment-method-cartao']);
    const sorted = await asStaff<Page<Method>>('GET', `${BASE}?sort=-maxInstallments`);
    expect(sorted.body.data[0]?.id).toBe('payment-method-cartao');
    const byPlatformName = await asStaff<Page<Method>>('GET', `${BASE}?sort=platform`);
    expect(byPlatformName.body.data.map((m) => m.platformName)).toEqual(['Cartões', 'Gateway Pix e boleto', 'Gateway Pix e boleto']);
    expect(byPlatformName.body.meta).toEqual({ page: 1, perPage: 20, total: 3 });
  });

  it('versions guard updates; a stale switch is refused; an unknown id is 404', async () => {
    const path = `${BASE}/payment-method-pix`;
    const body = { name: 'Pix', kind: 'pix', platformId: 'payment-platform-1001' };
    expect((await asStaff('PUT', path, { body })).status).toBe(428);
    expect((await asStaff('PUT', path, { body, headers: { 'If-Match': '1' } })).body.version).toBe(2);
    expect((await asStaff('PUT', path, { body, headers: { 'If-Match': '1' } })).status).toBe(409);
    expect((await asStaff('POST', `${path}/disable`, { headers: { 'If-Match': '1' } })).status).toBe(409);
    expect((await asStaff('DELETE', `${BASE}/payment-method-nada`)).status).toBe(404);
  });
});

describe('GET /payment-method (the checkout)', () => {
  it('any signed-in builder reads the enabled methods on enabled platforms, with nothing of the platform but its public key', async () => {
    expect((await call('GET', '/payment-method')).status).toBe(401);
    const builder = makeUid();
    const page = await call<Page<Record<string, unknown>>>('GET', '/payment-method', { as: builder });
    const keys = (await env.DB.prepare('SELECT m.id AS id, p.public_key AS k FROM payment_method m JOIN payment_platform p ON p.id = m.platform_id').all<{ id: string; k: string }>()).results;
    const keyOf = (id: string) => keys.find((row) => row.id === id)?.k;
    expect(page.body).toEqual({
      data: [
        { id: 'payment-method-boleto', name: 'Boleto bancário', kind: 'boleto', maxInstallments: 1, publicKey: keyOf('payment-method-boleto') },
        { id: 'payment-method-cartao', name: 'Cartão de crédito', kind: 'cartao-credito', maxInstallments: 10, publicKey: keyOf('payment-method-cartao') },
        { id: 'payment-method-pix', name: 'Pix', kind: 'pix', maxInstallments: 1, publicKey: keyOf('payment-method-pix') },
      ],
      meta: { page: 1, perPage: 3, total: 3 },
    });
    await asStaff('POST', `${BASE}/payment-method-boleto/disable`);
    const after = await call<Page<{ id: string }>>('GET', '/payment-method', { as: builder });
    expect(after.body.data.map((m) => m.id)).toEqual(['payment-method-cartao', 'payment-method-pix']);
  });
});
