import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@/contracts/catalog';
import { ORDER_MESSAGES } from '@/contracts/order';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { call, makeIdempotencyKey, type CallOptions } from '../../../testing/api';
import { env } from 'cloudflare:test';
import { callCreateOrder, MARIA, PIX_ORDER, seedDemo, type ApiPage } from '../orders/test-helpers';

interface ApiProduct {
  id: string;
  sku: string;
  name: string;
  description: string;
  kind: string;
  unitPrice: number;
  stockLimit: number;
  hardwareModel: string | null;
  image: string;
  active: boolean;
  version: number;
}
type ErrorBody = { error: { code: string; message: string; field?: string } };

const BASE = '/backoffice/product';
const NEW_GATEWAY = {
  kind: 'gateway',
  name: 'Gateway Ponte G2 5G',
  description: 'Gateway industrial com modem 5G.',
  sku: 'pg2-5g',
  unitPrice: '2.490,00',
  stockLimit: '20',
  image: 'gateway-4g',
  active: true,
};

const callAsStaff = <T = ApiProduct>(method: string, path: string, options: CallOptions = {}) =>
  call<T>(method, path, { as: DEMO_ADMIN_UID, admin: true, ...options });
const callCreate = <T = ApiProduct>(body: object, key = makeIdempotencyKey()) =>
  callAsStaff<T>('POST', BASE, { body, headers: { 'Idempotency-Key': key } });
const callUpdate = <T = ApiProduct>(id: string, body: object, version: number) =>
  callAsStaff<T>('PUT', `${BASE}/${id}`, { body, headers: { 'If-Match': `"${version}"` } });

beforeEach(seedDemo);

/** The catalog's audit entries, oldest first. */
async function storedProductAudit() {
  const rows = await env.DB.prepare(
    "SELECT kind, target_id, target_label, actor_staff, before_json, after_json FROM audit_log WHERE target_kind = 'product' ORDER BY id",
  ).all<{ kind: string; target_id: string; target_label: string; actor_staff: number; before_json: string | null; after_json: string | null }>();
  return rows.results.map((row) => ({
    ...row,
    before_json: row.before_json ? (JSON.parse(row.before_json) as object) : null,
    after_json: row.after_json ? (JSON.parse(row.after_json) as object) : null,
  }));
}

describe('/backoffice/product', () => {
  it('writes every change to the audit log, with the staff member as the actor; a refused change writes nothing', async () => {
    const created = await callCreate(NEW_GATEWAY);
    expect((await callCreate(NEW_GATEWAY)).status).toBe(409);
    await callUpdate(created.body.id, { ...NEW_GATEWAY, unitPrice: '2.590,00' }, 1);
    await callUpdate(created.body.id, { ...NEW_GATEWAY, unitPrice: '1,00' }, 1);
    await callAsStaff('POST', `${BASE}/${created.body.id}/deactivate`);
    await callAsStaff('DELETE', `${BASE}/${created.body.id}`);
    await callAsStaff('DELETE', `${BASE}/product-g1-wifi`);
    const entries = await storedProductAudit();
    expect(entries.map((entry) => [entry.kind, entry.target_id, entry.target_label, entry.actor_staff])).toEqual([
      ['product.create', 'product-1001', 'Gateway Ponte G2 5G', 1],
      ['product.update', 'product-1001', 'Gateway Ponte G2 5G', 1],
      ['product.update', 'product-1001', 'Gateway Ponte G2 5G', 1],
      ['product.delete', 'product-1001', 'Gateway Ponte G2 5G', 1],
    ]);
    expect(entries[0]?.after_json).toMatchObject({ sku: 'PG2-5G', unitPrice: 249_000, active: true });
    expect([entries[1]?.before_json, entries[1]?.after_json]).toEqual([{ unitPrice: 249_000 }, { unitPrice: 259_000 }]);
    expect([entries[2]?.before_json, entries[2]?.after_json]).toEqual([{ active: true }, { active: false }]);
  });

  it('is for staff only', async () => {
    expect((await call('GET', BASE)).status).toBe(401);
    expect((await call('GET', BASE, { as: MARIA })).status).toBe(403);
  });

  it('lists active and inactive products by name, searches the name and the SKU, filters by kind and status', async () => {
    await callAsStaff('POST', `${BASE}/product-g1-wifi/deactivate`);
    const page = await callAsStaff<ApiPage<ApiProduct>>('GET', BASE);
    expect(page.body.data.map((product) => product.sku)).toEqual(['PG1-4G', 'PG1-ETH', 'PG1-WIFI', 'PLN-CON-12', 'PLN-CON-24']);
    expect(page.body.meta).toEqual({ page: 1, perPage: 20, total: 5 });
    expect(page.body.data[0]).toMatchObject({ image: 'gateway-4g', unitPrice: 189_000, stockLimit: 50, active: true });
    const plans = await callAsStaff<ApiPage<ApiProduct>>('GET', `${BASE}?kind=plan`);
    expect(plans.body.data.map((product) => product.name)).toEqual(['Plano Conectividade 12 meses', 'Plano Conectividade 24 meses']);
    const inactive = await callAsStaff<ApiPage<ApiProduct>>('GET', `${BASE}?status=inactive`);
    expect(inactive.body.data.map((product) => product.sku)).toEqual(['PG1-WIFI']);
    const bySku = await callAsStaff<ApiPage<ApiProduct>>('GET', `${BASE}?q=pln-con-24`);
    expect(bySku.body.data.map((product) => product.sku)).toEqual(['PLN-CON-24']);
    const byName = await callAsStaff<ApiPage<ApiProduct>>('GET', `${BASE}?q=ethernet`);
    expect(byName.body.data.map((product) => product.sku)).toEqual(['PG1-ETH']);
    const byPrice = await callAsStaff<ApiPage<ApiProduct>>('GET', `${BASE}?sort=-unitPrice`);
    expect(byPrice.body.data[0]?.sku).toBe('PG1-4G');
    // The portal's catalog sells active products only.
    const portal = await call<ApiPage<ApiProduct>>('GET', '/product', { as: MARIA });
    expect(portal.body.data.map((product) => product.sku)).not.toContain('PG1-WIFI');
  });

  it('creates a product (price typed in reais, SKU upper-case) that the portal sells at once, last in its order', async () => {
    const created = await callCreate(NEW_GATEWAY);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'product-1001',
      sku: 'PG2-5G',
      unitPrice: 249_000,
      stockLimit: 20,
      hardwareModel: 'Gateway Ponte G2 5G',
      image: 'gateway-4g',
      active: true,
      version: 1,
    });
    const portal = await call<ApiPage<ApiProduct>>('GET', '/product', { as: MARIA });
    expect(portal.body.data.filter((product) => product.kind === 'gateway').map((product) => product.sku)).toEqual([
      'PG1-4G',
      'PG1-ETH',
      'PG1-WIFI',
      'PG2-5G',
    ]);
    // A number is centavos (an API client); a plan has no hardware model.
    const plan = await callCreate({ ...NEW_GATEWAY, kind: 'plan', sku: 'PLN-CON-36', name: 'Plano 36 meses', unitPrice: 149_990, image: 'plan' });
    expect(plan.body).toMatchObject({ unitPrice: 149_990, hardwareModel: null, kind: 'plan' });
    // The same key answers the same product.
    const key = makeIdempotencyKey();
    const first = await callCreate({ ...NEW_GATEWAY, sku: 'PG2-X' }, key);
    const again = await callCreate({ ...NEW_GATEWAY, sku: 'PG2-X' }, key);
    expect(again.body.id).toBe(first.body.id);
  });

  it('refuses a price of 0, negative or not a number, a duplicate SKU, and other bad input, on the field in pt-BR', async () => {
    const cases: Array<[unknown, string]> = [
      ['0', PRODUCT_MESSAGES.pricePositive],
      ['0,00', PRODUCT_MESSAGES.pricePositive],
      [0, PRODUCT_MESSAGES.pricePositive],
      ['-10,00', PRODUCT_MESSAGES.pricePositive],
      [-1000, PRODUCT_MESSAGES.pricePositive],
      ['abc', PRODUCT_MESSAGES.priceNotNumber],
      ['12,345', PRODUCT_MESSAGES.priceNotNumber],
      [12.5, PRODUCT_MESSAGES.priceNotNumber],
      ['', PRODUCT_MESSAGES.priceEmpty],
      ['2.000.000,00', PRODUCT_MESSAGES.priceMax],
    ];
    for (const [unitPrice, message] of cases) {
      const answer = await callCreate<ErrorBody>({ ...NEW_GATEWAY, unitPrice });
      expect(answer.status, String(unitPrice)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation', field: 'unitPrice', message });
    }
    const duplicate = await callCreate<ErrorBody>({ ...NEW_GATEWAY, sku: ' pg1-4g ' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toEqual({ code: 'sku-taken', field: 'sku', message: 'Já existe um produto com este SKU.' });
    const spaced = await callCreate<ErrorBody>({ ...NEW_GATEWAY, sku: 'PG 2' });
    expect(spaced.body.error).toMatchObject({ field: 'sku', message: PRODUCT_MESSAGES.sku });
    const limit = await callCreate<ErrorBody>({ ...NEW_GATEWAY, stockLimit: '0' });
    expect(limit.body.error).toMatchObject({ field: 'stockLimit', message: 'Use um número inteiro de 1 a 10.000.' });
    const image = await callCreate<ErrorBody>({ ...NEW_GATEWAY, image: 'foto.png' });
    expect(image.body.error).toMatchObject({ field: 'image', message: 'Escolha uma imagem.' });
    const kind = await callCreate<ErrorBody>({ ...NEW_GATEWAY, kind: 'cabo' });
    expect(kind.body.error).toMatchObject({ field: 'kind', message: 'Escolha o tipo do produto.' });
    // Nothing was stored.
    expect((await callAsStaff<ApiPage<ApiProduct>>('GET', BASE)).body.meta.total).toBe(5);
  });

  it('two creates of one SKU at once: one is stored, the other refused on the field', async () => {
    const answers = await Promise.all([callCreate<ApiProduct & ErrorBody>(NEW_GATEWAY), callCreate<ApiProduct & ErrorBody>(NEW_GATEWAY)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toMatchObject({ code: 'sku-taken', field: 'sku' });
  });

  it('updates with If-Match (stale: 409 with the product as it is); a new price never alters an order already placed', async () => {
    const placed = await callCreateOrder(PIX_ORDER);
    expect(placed.status).toBe(201);
    const before = (await callAsStaff('GET', `${BASE}/product-g1-4g`)).body;
    const input = {
      kind: 'gateway',
      name: before.name,
      description: before.description,
      sku: before.sku,
      unitPrice: '1.990,00',
      stockLimit: 40,
      image: before.image,
      active: true,
    };
    expect((await callAsStaff<ErrorBody>('PUT', `${BASE}/product-g1-4g`, { body: input })).status).toBe(428);
    const updated = await callUpdate('product-g1-4g', input, before.version);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ unitPrice: 199_000, stockLimit: 40, version: before.version + 1, hardwareModel: 'Ponte G1 4G' });
    const stale = await callUpdate<ErrorBody & { error: { current: ApiProduct } }>('product-g1-4g', { ...input, unitPrice: 1 }, before.version);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version-conflict', current: { unitPrice: 199_000 } });
    // The order keeps its price; the portal sells at the new one.
    const order = await call<{ items: Array<{ unitPrice: number }>; subtotal: number }>('GET', `/order/${placed.body.id}`, { as: MARIA });
    expect(order.body.items[0]?.unitPrice).toBe(189_000);
    expect(order.body.subtotal).toBe(3 * 189_000);
    const portal = await call<ApiProduct>('GET', '/product/product-g1-4g', { as: MARIA });
    expect(portal.body.unitPrice).toBe(199_000);
    // Another product's SKU: refused on the field.
    const taken = await callUpdate<ErrorBody>('product-g1-4g', { ...input, sku: 'PG1-ETH' }, before.version + 1);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'sku-taken', field: 'sku' });
  });

  it('deactivates (out of the checkout: a cart holding it is refused with 409) and activates again', async () => {
    const off = await callAsStaff('POST', `${BASE}/product-g1-4g/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await call('GET', '/product/product-g1-4g', { as: MARIA })).status).toBe(404);
    const review = await callCreateOrder(PIX_ORDER);
    expect(review.status).toBe(409);
    expect(review.body.error).toEqual({ code: 'product-inactive', field: 'items.0.productId', message: ORDER_MESSAGES.productInactive });
    const on = await callAsStaff('POST', `${BASE}/product-g1-4g/activate`, { headers: { 'If-Match': `"${off.body.version}"` } });
    expect(on.body.active).toBe(true);
    expect((await callCreateOrder(PIX_ORDER)).status).toBe(201);
  });

  it('deletes a product no order carries; one on an order is refused, saying why (deactivate it)', async () => {
    const open = await callAsStaff<ErrorBody>('DELETE', `${BASE}/product-g1-wifi`);
    expect(open.status).toBe(409);
    expect(open.body.error).toEqual({ code: 'product-on-orders', message: PRODUCT_MESSAGES.onOpenOrders });
    const closed = await callAsStaff<ErrorBody>('DELETE', `${BASE}/product-g1-eth`);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toEqual({ code: 'product-on-orders', message: PRODUCT_MESSAGES.onOrders });
    expect((await callAsStaff('DELETE', `${BASE}/product-plan-24m`)).status).toBe(204);
    const gone = await callAsStaff<ErrorBody>('GET', `${BASE}/product-plan-24m`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Produto não encontrado.');
  });
});
