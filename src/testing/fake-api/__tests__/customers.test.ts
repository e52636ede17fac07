import { describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { CUSTOMER_DUPLICATE_CNPJ, customerHasMachinesMessage } from '@/contracts/customer';
import { testDb } from '@/testing/msw-server';
import { DEMO_UNCLAIMED_SETUP_CODES, DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID, SETUP_CODE_PATTERN, cnpjFromBase } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });

interface ApiCustomer {
  id: string;
  name: string;
  tradeName: string;
  cnpj: string;
  email: string;
  phone: string;
  city: string;
  uf: string;
  machineCount: number;
  version: number;
  createdAt: { seconds: number; nanos: number };
  updatedAt: { seconds: number; nanos: number };
  ownerUid?: string;
}
interface ApiError {
  error: { code: string; message: string; field?: string; current?: ApiCustomer };
}

const valid = {
  name: 'Indústria de Papel Vale do Itajaí Ltda',
  tradeName: 'Papel Itajaí',
  cnpj: '11.222.333/0001-81',
  email: 'Compras@PapelItajai.exemplo.com.br',
  phone: '(47) 3333-4444',
  city: 'Itajaí',
  uf: 'sc',
};

function create(body: object, token = maria, headers: Record<string, string> = {}) {
  return call('/customer', { method: 'POST', token, headers, body: JSON.stringify(body) });
}

/** A customer of the demo builder with machines, and one without. */
function seededCustomers() {
  const { customers, machines } = testDb().data;
  const own = customers.filter((c) => c.ownerUid === DEMO_CUSTOMER_UID);
  const withMachines = own.find((c) => machines.some((m) => m.customerId === c.id));
  const withoutMachines = own.find((c) => !machines.some((m) => m.customerId === c.id));
  if (!withMachines || !withoutMachines) throw new Error('seed sem os clientes esperados');
  return { own, withMachines, withoutMachines };
}

describe('/customer', () => {
  it('401 without a token', async () => {
    expect((await call('/customer')).status).toBe(401);
    expect((await call('/customer/customer-1001')).status).toBe(401);
    expect((await create(valid, '')).status).toBe(401);
    expect((await call('/customer/customer-1001', { method: 'DELETE' })).status).toBe(401);
  });

  it('lists the caller’s customers in pages of 20, with machineCount and without ownerUid', async () => {
    const first = await json<ApiPage<ApiCustomer>>(await call('/customer', { token: maria }));
    expect(first.meta.perPage).toBe(20);
    expect(first.meta.total).toBeGreaterThanOrEqual(45);
    expect(first.data).toHaveLength(20);
    const names = first.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(first.data[0]).not.toHaveProperty('ownerUid');
    expect(first.data[0]?.createdAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    expect(first.data[0]?.version).toBe(1);

    const third = await json<ApiPage<ApiCustomer>>(await call('/customer?page=3', { token: maria }));
    expect(third.data.length).toBe(first.meta.total - 40);
    const all = await json<ApiPage<ApiCustomer>>(await call('/customer?perPage=100', { token: maria }));
    expect(new Set(all.data.map((c) => c.id)).size).toBe(first.meta.total);
    const { withMachines } = seededCustomers();
    const machineCount = testDb().data.machines.filter((m) => m.customerId === withMachines.id).length;
    expect(all.data.find((c) => c.id === withMachines.id)?.machineCount).toBe(machineCount);
    expect(all.data.filter((c) => c.machineCount > 0).length).toBeLessThan(all.data.length / 2);
    // the other builder's customers stay invisible
    expect(all.data.some((c) => c.id === 'customer-1101' || c.id === 'customer-1102')).toBe(false);
  });

  it('searches, filters by UF and sorts', async () => {
    const byCnpj = await json<ApiPage<ApiCustomer>>(await call(`/customer?q=${encodeURIComponent('31.445.982')}`, { token: maria }));
    expect(byCnpj.data.map((c) => c.tradeName)).toEqual(['Vale do Aço']);
    const byCity = await json<ApiPage<ApiCustomer>>(await call('/customer?q=sao%20luis', { token: maria }));
    expect(byCity.data.map((c) => c.city)).toEqual(['São Luís']);
    const sp = await json<ApiPage<ApiCustomer>>(await call('/customer?uf=SP&perPage=100', { token: maria }));
    expect(sp.meta.total).toBeGreaterThan(3);
    expect(sp.data.every((c) => c.uf === 'SP')).toBe(true);
    const newest = await json<ApiPage<ApiCustomer>>(await call('/customer?sort=-createdAt', { token: maria }));
    expect(newest.data[0]?.id).toBe('customer-1048');
    const odd = await json<ApiPage<ApiCustomer>>(await call('/customer?q=%25%22%F0%9F%8F%AD', { token: maria }));
    expect(odd.meta.total).toBe(0);
  });

  it('gets one customer; another owner’s id or an unknown one is 404, never 403', async () => {
    const ok = await call('/customer/customer-1001', { token: maria });
    expect(ok.status).toBe(200);
    expect((await json<ApiCustomer>(ok)).name).toBe('Metalúrgica Vale do Aço Ltda');
    for (const id of ['customer-1101', 'customer-9999']) {
      const response = await call(`/customer/${id}`, { token: maria });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not-found', message: 'Cliente não encontrado.' } });
    }
  });

  it('creates (201) once per Idempotency-Key, normalising the input', async () => {
    const before = testDb().data.customers.length;
    const headers = { 'Idempotency-Key': 'cliente-novo-1' };
    const first = await create(valid, maria, headers);
    expect(first.status).toBe(201);
    const created = await json<ApiCustomer>(first);
    expect(created).toMatchObject({
      cnpj: '11222333000181',
      email: 'compras@papelitajai.exemplo.com.br',
      phone: '4733334444',
      uf: 'SC',
      version: 1,
      machineCount: 0,
    });
    expect(created.id).toMatch(/^customer-\d+$/);
    expect(testDb().data.customers.find((c) => c.id === created.id)?.ownerUid).toBe(DEMO_CUSTOMER_UID);

    const replay = await create(valid, maria, headers);
    expect(replay.status).toBe(201);
    expect((await json<ApiCustomer>(replay)).id).toBe(created.id);
    expect(testDb().data.customers.length).toBe(before + 1);

    const read = await json<ApiCustomer>(await call(`/customer/${created.id}`, { token: maria }));
    expect(read).toEqual(created);
  });

  it('400 with the field for invalid input', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...valid, cnpj: '11.222.333/0001-82' }, 'cnpj', 'CNPJ inválido.'],
      [{ ...valid, name: '   ' }, 'name', 'Informe a razão social.'],
      [{ ...valid, email: 'compras@' }, 'email', 'E-mail inválido. Use o formato nome@empresa.com.br.'],
      [{ ...valid, name: 'A'.repeat(255) }, 'name', 'Use no máximo 120 caracteres.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'validation', message, field } });
    }
    expect((await call('/customer', { method: 'POST', token: maria, body: '{' })).status).toBe(400);
  });

  it('409 for a CNPJ another of the caller’s customers has; another owner may have it', async () => {
    const taken = testDb().data.customers.find((c) => c.id === 'customer-1002')?.cnpj ?? '';
    const duplicate = await create({ ...valid, cnpj: taken });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ error: { code: 'duplicate', message: CUSTOMER_DUPLICATE_CNPJ, field: 'cnpj' } });
    expect((await create({ ...valid, cnpj: taken }, serra)).status).toBe(201);
    // seeded: the other builder already has the same factory as customer-1001
    expect(testDb().data.customers.filter((c) => c.cnpj === cnpjFromBase('314459820001'))).toHaveLength(2);
  });

  describe('PUT', () => {
    const put = (id: string, body: object, headers: Record<string, string>, token = maria) =>
      call(`/customer/${id}`, { method: 'PUT', token, headers, body: JSON.stringify(body) });

    it('updates with the current version and bumps it', async () => {
      const current = await json<ApiCustomer>(await call('/customer/customer-1003', { token: maria }));
      const response = await put('customer-1003', { ...valid, cnpj: current.cnpj, name: 'Plásticos Paraná S.A.' }, { 'If-Match': '1' });
      expect(response.status).toBe(200);
      const updated = await json<ApiCustomer>(response);
      expect(updated).toMatchObject({ id: 'customer-1003', name: 'Plásticos Paraná S.A.', version: 2 });
      expect(updated.updatedAt.seconds * 1000 + updated.updatedAt.nanos / 1e6).toBeGreaterThan(
        current.updatedAt.seconds * 1000 + current.updatedAt.nanos / 1e6,
      );
      // the version may come in the body too
      const again = await put('customer-1003', { ...valid, cnpj: current.cnpj, version: 2 }, {});
      expect(again.status).toBe(200);
      expect((await json<ApiCustomer>(again)).version).toBe(3);
    });

    it('428 without a version, 409 version-conflict with the current record when stale', async () => {
      const cnpj = testDb().data.customers.find((c) => c.id === 'customer-1004')?.cnpj ?? '';
      const missing = await put('customer-1004', { ...valid, cnpj }, {});
      expect(missing.status).toBe(428);
      expect((await json<ApiError>(missing)).error.code).toBe('version-required');

      expect((await put('customer-1004', { ...valid, cnpj, name: 'Primeira' }, { 'If-Match': '1' })).status).toBe(200);
      const stale = await put('customer-1004', { ...valid, cnpj, name: 'Segunda' }, { 'If-Match': '1' });
      expect(stale.status).toBe(409);
      const body = await json<ApiError>(stale);
      expect(body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
      expect(body.error.current).toMatchObject({ id: 'customer-1004', name: 'Primeira', version: 2 });
      expect(body.error.current).not.toHaveProperty('ownerUid');
      expect(testDb().data.customers.find((c) => c.id === 'customer-1004')?.name).toBe('Primeira');
    });

    it('400 for invalid input and 409 for another customer’s CNPJ (its own is fine)', async () => {
      const own = testDb().data.customers.find((c) => c.id === 'customer-1005')?.cnpj ?? '';
      const other = testDb().data.customers.find((c) => c.id === 'customer-1006')?.cnpj ?? '';
      const bad = await put('customer-1005', { ...valid, cnpj: '123' }, { 'If-Match': '1' });
      expect(bad.status).toBe(400);
      expect((await json<ApiError>(bad)).error.field).toBe('cnpj');
      const duplicate = await put('customer-1005', { ...valid, cnpj: other }, { 'If-Match': '1' });
      expect(duplicate.status).toBe(409);
      expect((await json<ApiError>(duplicate)).error).toEqual({ code: 'duplicate', message: CUSTOMER_DUPLICATE_CNPJ, field: 'cnpj' });
      expect((await put('customer-1005', { ...valid, cnpj: own }, { 'If-Match': '1' })).status).toBe(200);
    });
  });

  it('another owner’s customer is 404 on get, put and delete, and stays untouched', async () => {
    const id = 'customer-1101';
    expect((await call(`/customer/${id}`, { token: maria })).status).toBe(404);
    const put = await call(`/customer/${id}`, { method: 'PUT', token: maria, headers: { 'If-Match': '1' }, body: JSON.stringify(valid) });
    expect(put.status).toBe(404);
    const del = await call(`/customer/${id}`, { method: 'DELETE', token: maria });
    expect(del.status).toBe(404);
    expect(await del.json()).toEqual({ error: { code: 'not-found', message: 'Cliente não encontrado.' } });
    expect(testDb().data.customers.find((c) => c.id === id)?.name).toBe('Laticínios Montanha Ltda');
    expect((await call(`/customer/${id}`, { token: serra })).status).toBe(200);
  });

  it('refuses to delete a customer with machines, saying how many', async () => {
    const { withMachines } = seededCustomers();
    const count = testDb().data.machines.filter((m) => m.customerId === withMachines.id).length;
    const response = await call(`/customer/${withMachines.id}`, { method: 'DELETE', token: maria });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'has-dependents', message: customerHasMachinesMessage(count) } });
    expect(testDb().data.customers.some((c) => c.id === withMachines.id)).toBe(true);
  });

  it('deletes (204), then the customer is 404', async () => {
    const { withoutMachines } = seededCustomers();
    const response = await call(`/customer/${withoutMachines.id}`, { method: 'DELETE', token: maria });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await call(`/customer/${withoutMachines.id}`, { token: maria })).status).toBe(404);
    expect((await call(`/customer/${withoutMachines.id}`, { method: 'DELETE', token: maria })).status).toBe(404);
  });
});

describe('/machine (read-only)', () => {
  it('lists the caller’s machines with names joined, filtered by customer and model', async () => {
    const all = await json<ApiPage<{ id: string; customerId: string | null; customerName: string | null; modelName: string }>>(
      await call('/machine?perPage=100', { token: maria }),
    );
    expect(all.meta.total).toBe(60);
    expect(all.data.every((m) => m.modelName !== '')).toBe(true);
    const atCustomer = await json<ApiPage<{ customerId: string; customerName: string }>>(
      await call('/machine?customer=customer-1001&perPage=100', { token: maria }),
    );
    expect(atCustomer.meta.total).toBeGreaterThan(0);
    expect(atCustomer.data.every((m) => m.customerId === 'customer-1001' && m.customerName === 'Metalúrgica Vale do Aço Ltda')).toBe(true);
    const byModel = await json<ApiPage<{ modelId: string }>>(await call('/machine?model=machine-model-1002&perPage=100', { token: maria }));
    expect(byModel.meta.total).toBeGreaterThan(0);
    expect(byModel.data.every((m) => m.modelId === 'machine-model-1002')).toBe(true);
    const serial = await json<ApiPage<{ id: string }>>(await call('/machine?q=oa-2022-1000', { token: maria }));
    expect(serial.data.map((m) => m.id)).toEqual(['machine-1001']);
  });

  it('gets one machine; another owner’s is 404', async () => {
    expect((await call('/machine/machine-1001', { token: maria })).status).toBe(200);
    const other = await call('/machine/machine-1101', { token: maria });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: { code: 'not-found', message: 'Máquina não encontrada.' } });
  });
});

describe('seed', () => {
  it('has the counts the README states, and valid setup codes', () => {
    const { customers, machineModels, machines, devices, orders, addresses, deviceConnections } = testDb().data;
    const mine = <T extends { ownerUid: string | null }>(rows: T[]) => rows.filter((r) => r.ownerUid === DEMO_CUSTOMER_UID);
    expect(mine(customers).length).toBeGreaterThanOrEqual(45);
    expect(mine(customers).filter((c) => /[A-Z]/.test(c.cnpj.slice(0, 12))).length).toBeGreaterThanOrEqual(3);
    expect(mine(customers).some((c) => c.email === '')).toBe(true);
    expect(mine(customers).some((c) => c.phone === '')).toBe(true);
    expect(mine(customers).every((c) => /^\d*$/.test(c.phone))).toBe(true);
    expect(new Set(mine(customers).map((c) => c.uf)).size).toBeGreaterThanOrEqual(20);
    expect(mine(machineModels)).toHaveLength(8);
    expect(mine(machines)).toHaveLength(60);
    expect(mine(devices)).toHaveLength(70);
    expect(new Set(mine(devices).map((d) => d.status))).toEqual(new Set(['online', 'offline', 'never-connected']));
    expect(mine(orders)).toHaveLength(6);
    expect(new Set(mine(orders).map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
    expect(mine(addresses)).toHaveLength(2);
    const oldest = Math.min(...mine(deviceConnections).map((c) => c.startedAt));
    expect(oldest).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 22, 15) - 30 * 24 * 3_600_000);
    expect(devices.every((d) => SETUP_CODE_PATTERN.test(d.setupCode))).toBe(true);
    const unclaimed = devices.filter((d) => d.ownerUid === null);
    expect(unclaimed.map((d) => d.setupCode)).toEqual([...DEMO_UNCLAIMED_SETUP_CODES]);
    expect(testDb().data.customers.every((c) => c.version === 1 && typeof c.updatedAt === 'number')).toBe(true);
  });
});
