import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_NOT_FOUND_MESSAGE } from '@/contracts/catalog';
import { call } from '../../../testing/api';
import { MARIA, seedDemo, arrangeSql, type ApiPage } from '../orders/test-helpers';

interface ApiProduct {
  id: string;
  sku: string;
  name: string;
  kind: string;
  unitPrice: number;
  stockLimit: number;
  active: boolean;
  updatedAt: unknown;
}

beforeEach(seedDemo);

describe('/product', () => {
  it('401 without a token; the active catalog, gateways first, prices in centavos', async () => {
    expect((await call('GET', '/product')).status).toBe(401);
    await arrangeSql(
      `INSERT INTO product (id, sku, name, description, kind, unit_price, stock_limit, hardware_model, active, position, version, created_at, updated_at)
       VALUES ('product-old', 'OLD', 'Gateway antigo', '', 'gateway', 100, 5, 'X', 0, 99, 1, 1, 1)`,
    );
    const page = (await call<ApiPage<ApiProduct>>('GET', '/product', { as: MARIA })).body;
    expect(page.data.map((p) => p.kind)).toEqual(['gateway', 'gateway', 'gateway', 'plan', 'plan']);
    expect(page.data.map((p) => p.id)).not.toContain('product-old');
    expect(page.meta).toEqual({ page: 1, perPage: 5, total: 5 });
    const g1 = page.data.find((p) => p.id === 'product-g1-4g');
    expect(g1).toMatchObject({ sku: 'PG1-4G', name: 'Gateway Ponte G1 4G', unitPrice: 189_000, stockLimit: 50, active: true });
    expect(g1?.updatedAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    expect(page.data.find((p) => p.kind === 'plan')?.name).toBe('Plano Conectividade 12 meses');
  });

  it('GET /product/:id answers an active product; an inactive or unknown one is 404', async () => {
    expect((await call<ApiProduct>('GET', '/product/product-g1-eth', { as: MARIA })).body.sku).toBe('PG1-ETH');
    await arrangeSql("UPDATE product SET active = 0 WHERE id = 'product-g1-wifi'");
    for (const id of ['product-g1-wifi', 'product-nada']) {
      const answer = await call('GET', `/product/${id}`, { as: MARIA });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: 'not-found', message: PRODUCT_NOT_FOUND_MESSAGE } });
    }
  });
});
