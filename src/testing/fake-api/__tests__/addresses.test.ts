import { describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND, addressInUseMessage, CEP_MESSAGES } from '@/contracts/address';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { testDb } from '@/testing/msw-server';
import { CEP_TABLE } from '@/contracts/address-ceps';
import { FACTORY_ADDRESS } from '@/seed/addresses/seed';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });
/** A builder who has no address yet. */
const newcomer = makeTestToken({ uid: 'demo-montadora-nova', email: 'compras@nova.exemplo.com.br' });

interface ApiAddress {
  id: string;
  label: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
  isDefault: boolean;
  openOrderCount: number;
  version: number;
  createdAt: { seconds: number; nanos: number };
  updatedAt: { seconds: number; nanos: number };
}
interface ApiError {
  error: { code: string; message: string; field?: string };
}

const warehouse = {
  label: 'Depósito',
  cep: '89220120',
  street: 'Rua Araquã',
  number: '455',
  complement: 'Doca 2',
  district: 'Costa e Silva',
  city: 'Joinville',
  uf: 'sc',
};

function create(body: object, token = maria, headers: Record<string, string> = {}) {
  return call('/address', { method: 'POST', token, headers, body: JSON.stringify(body) });
}

async function listAll(token = maria): Promise<ApiAddress[]> {
  return (await json<ApiPage<ApiAddress>>(await call('/address?perPage=100', { token }))).data;
}

const defaults = (addresses: ApiAddress[]) => addresses.filter((a) => a.isDefault).map((a) => a.id);

describe('/address', () => {
  it('401 without a token', async () => {
    expect((await call('/address')).status).toBe(401);
    expect((await call('/address/address-1001')).status).toBe(401);
    expect((await create(warehouse, '')).status).toBe(401);
    expect((await call('/address/cep/01310100')).status).toBe(401);
    expect((await call('/address/address-1002/default', { method: 'POST' })).status).toBe(401);
  });

  it('lists the caller’s 2 seeded addresses, the factory as default, with its open orders and without ownerUid', async () => {
    const page = await json<ApiPage<ApiAddress>>(await call('/address', { token: maria }));
    expect(page.meta).toEqual({ page: 1, perPage: 20, total: 2 });
    expect(page.data.map((a) => a.label)).toEqual(['Escritório', 'Fábrica']);
    const factory = page.data.find((a) => a.id === 'address-1001');
    expect(factory).toMatchObject({ ...FACTORY_ADDRESS, isDefault: true, version: 1 });
    const open = testDb().data.orders.filter(
      (o) => o.ownerUid === DEMO_CUSTOMER_UID && o.addressId === 'address-1001' && !['entregue', 'cancelado'].includes(o.status),
    ).length;
    expect(open).toBeGreaterThanOrEqual(2);
    expect(factory?.openOrderCount).toBe(open);
    expect(page.data.find((a) => a.id === 'address-1002')?.openOrderCount).toBe(0);
    expect(page.data[0]).not.toHaveProperty('ownerUid');
    expect(page.data[0]?.createdAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    // the other builder's address stays invisible
    expect((await listAll(serra)).map((a) => a.id)).toEqual(['address-1003']);
  });

  it('searches over apelido, street and city, and sorts', async () => {
    const search = async (q: string) =>
      (await json<ApiPage<ApiAddress>>(await call(`/address?q=${encodeURIComponent(q)}`, { token: maria }))).data.map((a) => a.id);
    expect(await search('escrit')).toEqual(['address-1002']);
    expect(await search('paulista')).toEqual(['address-1002']);
    expect(await search('CAMPINAS')).toEqual(['address-1001']);
    expect(await search('Caxias')).toEqual([]);
    expect(await search('%"🏭')).toEqual([]);
    const byCity = await json<ApiPage<ApiAddress>>(await call('/address?sort=-city', { token: maria }));
    expect(byCity.data.map((a) => a.city)).toEqual(['São Paulo', 'Campinas']);
  });

  it('gets one address; another owner’s id or an unknown one is 404 with the resource’s message', async () => {
    const ok = await call('/address/address-1002', { token: maria });
    expect(ok.status).toBe(200);
    expect((await json<ApiAddress>(ok)).street).toBe('Avenida Paulista');
    for (const [method, path] of [
      ['GET', '/address/address-1003'],
      ['GET', '/address/address-9999'],
      ['DELETE', '/address/address-1003'],
      ['POST', '/address/address-1003/default'],
    ] as const) {
      const response = await call(path, { method, token: maria });
      expect(response.status).toBe(404);
      expect((await json<ApiError>(response)).error.message).toBe(ADDRESS_NOT_FOUND);
    }
    const put = await call('/address/address-1003', { method: 'PUT', token: maria, headers: { 'If-Match': '1' }, body: JSON.stringify(warehouse) });
    expect(put.status).toBe(404);
    expect(testDb().data.addresses.find((a) => a.id === 'address-1003')?.street).toBe('Rua Aparício Borghetti');
  });

  it('creates a normalised address (not the default while another is), once per Idempotency-Key', async () => {
    const first = await create(warehouse, maria, { 'Idempotency-Key': 'addr-key-1' });
    expect(first.status).toBe(201);
    const created = await json<ApiAddress>(first);
    expect(created).toMatchObject({ cep: '89220-120', uf: 'SC', isDefault: false, openOrderCount: 0, version: 1 });
    expect(created.id).toMatch(/^address-\d+$/);
    const replay = await create(warehouse, maria, { 'Idempotency-Key': 'addr-key-1' });
    expect(replay.status).toBe(201);
    expect((await json<ApiAddress>(replay)).id).toBe(created.id);
    expect(await listAll()).toHaveLength(3);
    expect(defaults(await listAll())).toEqual(['address-1001']);
  });

  it('refuses bad input with the field and its message', async () => {
    const cases: Array<[object, string, unknown]> = [
      [{ ...warehouse, cep: '8922012' }, 'cep', 'CEP inválido. Use 8 números, ex.: 01310-100.'],
      [{ ...warehouse, cep: '8922O120' }, 'cep', CEP_MESSAGES.notDigits],
      [{ ...warehouse, street: '  ' }, 'street', 'Informe a rua.'],
      [{ ...warehouse, uf: 'XX' }, 'uf', expect.stringMatching(/^UF inválida/)],
      [{ ...warehouse, number: undefined }, 'number', 'Informe o número (ou "s/n").'],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect((await json<ApiError>(response)).error).toMatchObject({ code: 'validation', field, message });
    }
    const notJson = await call('/address', { method: 'POST', token: maria, body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(await listAll()).toHaveLength(2);
  });

  it('the first address an account creates is its default', async () => {
    const response = await create(warehouse, newcomer);
    expect((await json<ApiAddress>(response)).isDefault).toBe(true);
    const second = await json<ApiAddress>(await create({ ...warehouse, label: 'Filial' }, newcomer));
    expect(second.isDefault).toBe(false);
    expect(defaults(await listAll(newcomer))).toHaveLength(1);
  });

  it('updates over the current version; a stale one is 409 and a missing one 428', async () => {
    const body = JSON.stringify({ ...FACTORY_ADDRESS, number: '1030' });
    const stale = await call('/address/address-1001', { method: 'PUT', token: maria, headers: { 'If-Match': '7' }, body });
    expect(stale.status).toBe(409);
    expect((await json<ApiError>(stale)).error.message).toBe(VERSION_CONFLICT_MESSAGE);
    expect((await call('/address/address-1001', { method: 'PUT', token: maria, body: JSON.stringify({ ...FACTORY_ADDRESS }) })).status).toBe(428);
    const ok = await call('/address/address-1001', { method: 'PUT', token: maria, headers: { 'If-Match': '1' }, body });
    expect(ok.status).toBe(200);
    // The default flag is not the PUT's to change.
    expect(await json<ApiAddress>(ok)).toMatchObject({ number: '1030', version: 2, isDefault: true });
    const ignored = await call('/address/address-1002', {
      method: 'PUT',
      token: maria,
      headers: { 'If-Match': '1' },
      body: JSON.stringify({ label: 'Escritório', cep: '01310-100', street: 'Avenida Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', uf: 'SP', isDefault: true }),
    });
    expect((await json<ApiAddress>(ignored)).isDefault).toBe(false);
  });

  it('POST /address/:id/default makes it the only default, and is idempotent', async () => {
    const response = await call('/address/address-1002/default', { method: 'POST', token: maria });
    expect(response.status).toBe(200);
    expect(await json<ApiAddress>(response)).toMatchObject({ id: 'address-1002', isDefault: true, version: 2 });
    let all = await listAll();
    expect(defaults(all)).toEqual(['address-1002']);
    expect(all.find((a) => a.id === 'address-1001')?.version).toBe(2);
    await call('/address/address-1002/default', { method: 'POST', token: maria });
    all = await listAll();
    expect(defaults(all)).toEqual(['address-1002']);
    expect(all.find((a) => a.id === 'address-1002')?.version).toBe(2);
    // the other builder's default is untouched
    expect(defaults(await listAll(serra))).toEqual(['address-1003']);
  });

  it('refuses to delete an address open orders ship to, saying how many; closed orders do not hold it', async () => {
    const factory = (await listAll()).find((a) => a.id === 'address-1001');
    const refused = await call('/address/address-1001', { method: 'DELETE', token: maria });
    expect(refused.status).toBe(409);
    expect((await json<ApiError>(refused)).error).toEqual({
      code: 'has-dependents',
      message: addressInUseMessage(factory?.openOrderCount ?? 0),
    });
    expect(await listAll()).toHaveLength(2);

    // Once every order of the factory is delivered or cancelled, it can go; the orders keep their snapshot.
    for (const order of testDb().data.orders) {
      if (order.addressId === 'address-1001') order.status = order.status === 'aguardando-pagamento' ? 'cancelado' : 'entregue';
    }
    const one = testDb().data.orders.find((o) => o.addressId === 'address-1001');
    if (!one) throw new Error('seed sem pedidos da fábrica');
    one.status = 'pago';
    const single = await call('/address/address-1001', { method: 'DELETE', token: maria });
    expect((await json<ApiError>(single)).error.message).toBe('Este endereço não pode ser excluído: 1 pedido em aberto o usa.');
    one.status = 'entregue';
    expect((await call('/address/address-1001', { method: 'DELETE', token: maria })).status).toBe(204);
    const shipped = testDb().data.orders.filter((o) => o.ownerUid === DEMO_CUSTOMER_UID);
    expect(shipped.every((o) => o.addressId === null)).toBe(true);
    expect(shipped[0]?.address.street).toBe(FACTORY_ADDRESS.street);
  });

  it('deleting the default hands the flag to the most recently updated address left', async () => {
    const a = await json<ApiAddress>(await create(warehouse, newcomer));
    const b = await json<ApiAddress>(await create({ ...warehouse, label: 'Filial B' }, newcomer));
    const c = await json<ApiAddress>(await create({ ...warehouse, label: 'Filial C' }, newcomer));
    expect(a.isDefault).toBe(true);
    // B is edited last: it gets the flag when A goes.
    const edit = await call(`/address/${b.id}`, {
      method: 'PUT',
      token: newcomer,
      headers: { 'If-Match': '1' },
      body: JSON.stringify({ ...warehouse, label: 'Filial B (reformada)' }),
    });
    expect(edit.status).toBe(200);
    expect((await call(`/address/${a.id}`, { method: 'DELETE', token: newcomer })).status).toBe(204);
    expect(defaults(await listAll(newcomer))).toEqual([b.id]);
    // Deleting one that is not the default leaves the flag alone.
    expect((await call(`/address/${c.id}`, { method: 'DELETE', token: newcomer })).status).toBe(204);
    expect(defaults(await listAll(newcomer))).toEqual([b.id]);
    expect((await call(`/address/${b.id}`, { method: 'DELETE', token: newcomer })).status).toBe(204);
    expect(await listAll(newcomer)).toEqual([]);
  });
});

describe('GET /address/cep/:cep', () => {
  it('answers a CEP of the table with its street, district, city and UF', async () => {
    const response = await call('/address/cep/01310100', { token: maria });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cep: '01310-100', street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', uf: 'SP' });
    const factory = await json<{ street: string }>(await call(`/address/cep/${FACTORY_ADDRESS.cep.replace('-', '')}`, { token: maria }));
    expect(factory.street).toBe(FACTORY_ADDRESS.street);
  });

  it('holds about 30 real CEPs of capitals and industrial cities, well formed', () => {
    expect(CEP_TABLE.size).toBeGreaterThanOrEqual(28);
    const cities = new Set([...CEP_TABLE.values()].map((row) => row.city));
    for (const city of ['São Paulo', 'Campinas', 'Joinville', 'Caxias do Sul', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Manaus', 'Recife']) {
      expect(cities).toContain(city);
    }
    for (const [digits, row] of CEP_TABLE) {
      expect(digits).toMatch(/^\d{8}$/);
      expect(row.cep).toBe(`${digits.slice(0, 5)}-${digits.slice(5)}`);
      expect(row.street && row.district && row.city).toBeTruthy();
    }
  });

  it('404 cep-not-found for an unknown CEP, with the message the form shows', async () => {
    const response = await call('/address/cep/99999998', { token: maria });
    expect(response.status).toBe(404);
    expect(await json<ApiError>(response)).toEqual({
      error: { code: 'cep-not-found', message: 'CEP não encontrado. Preencha o endereço manualmente.', field: 'cep' },
    });
  });

  it('400 for a malformed CEP', async () => {
    for (const cep of ['0131010', '013101000', '0131A100', '01310-100', '00000000']) {
      const response = await call(`/address/cep/${encodeURIComponent(cep)}`, { token: maria });
      expect(response.status).toBe(400);
      expect((await json<ApiError>(response)).error).toMatchObject({ code: 'validation', field: 'cep', message: expect.stringMatching(/^CEP inválido/) });
    }
  });
});
