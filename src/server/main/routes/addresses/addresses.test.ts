import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND, addressInUseMessage, CEP_MESSAGES } from '@/contracts/address';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { CEP_TABLE } from '@/contracts/address-ceps';

type Time = { seconds: number; nanos: number };
interface Address {
  id: string;
  label: string;
  cep: string;
  street: string;
  number: string;
  city: string;
  uf: string;
  isDefault: boolean;
  openOrderCount: number;
  version: number;
  createdAt: Time;
}
type Page = { data: Address[]; meta: { page: number; perPage: number; total: number } };
type Failure = { error: { code: string; message: string; field?: string } };

const FACTORY = {
  label: 'Fábrica',
  cep: '13069-380',
  street: 'Rua Lauro Vannucci',
  number: '1020',
  complement: 'Galpão 3',
  district: 'Jardim Santa Cândida',
  city: 'Campinas',
  uf: 'SP',
};
const OFFICE = {
  label: 'Escritório',
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'Conjunto 42',
  district: 'Bela Vista',
  city: 'São Paulo',
  uf: 'SP',
};
const WAREHOUSE = {
  label: 'Depósito',
  cep: '89220120',
  street: 'Rua Araquã',
  number: '455',
  complement: 'Doca 2',
  district: 'Costa e Silva',
  city: 'Joinville',
  uf: 'sc',
};

const create = (owner: string, body: object, key = makeIdempotencyKey()) =>
  call<Address>('POST', '/address', { as: owner, body, headers: { 'Idempotency-Key': key } });

async function created(owner: string, body: object): Promise<Address> {
  const answer = await create(owner, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

const listAll = async (owner: string) => (await call<Page>('GET', '/address?perPage=100', { as: owner })).body.data;
const defaults = (addresses: Address[]) => addresses.filter((a) => a.isDefault).map((a) => a.id);

/** An order of `owner` shipping to `addressId` (only the columns the address rules read matter). */
async function orderAt(owner: string, addressId: string, status: string): Promise<string> {
  const id = `order-t-${crypto.randomUUID()}`;
  const number = 500_000 + Math.floor(Math.random() * 400_000_000);
  await env.DB.prepare(
    `INSERT INTO purchase_order (id, owner_uid, number, status, item_count, subtotal, total, address_id, address_cep,
       address_street, address_number, address_district, address_city, address_uf, payment_method_id, payment_kind,
       payment_method_name, search, search_compact, created_at, updated_at)
     VALUES (?, ?, ?, ?, 1, 100, 100, ?, '13069-380', 'Rua Lauro Vannucci', '1020', 'Jardim', 'Campinas', 'SP',
       'payment-method-pix', 'pix', 'Pix', '', '', 1, 1)`,
  )
    .bind(id, owner, number, status, addressId)
    .run();
  return id;
}

/** A builder with the factory (default) and the office. */
async function builder() {
  const owner = makeUid();
  const factory = await created(owner, FACTORY);
  const office = await created(owner, OFFICE);
  return { owner, factory, office };
}

describe('/address', () => {
  it('401 without a token', async () => {
    expect((await call('GET', '/address')).status).toBe(401);
    expect((await call('GET', '/address/address-1001')).status).toBe(401);
    expect((await call('POST', '/address', { body: WAREHOUSE, headers: { 'Idempotency-Key': makeIdempotencyKey() } })).status).toBe(401);
    expect((await call('GET', '/address/cep/01310100')).status).toBe(401);
    expect((await call('POST', '/address/address-1002/default')).status).toBe(401);
  });

  it('lists the account’s addresses by apelido, the first as default, with open orders and without ownerUid', async () => {
    const { owner, factory, office } = await builder();
    await orderAt(owner, factory.id, 'aguardando-pagamento');
    await orderAt(owner, factory.id, 'enviado');
    await orderAt(owner, factory.id, 'entregue');
    await orderAt(owner, factory.id, 'cancelado');
    const page = (await call<Page>('GET', '/address', { as: owner })).body;
    expect(page.meta).toEqual({ page: 1, perPage: 20, total: 2 });
    expect(page.data.map((a) => a.label)).toEqual(['Escritório', 'Fábrica']);
    expect(page.data.find((a) => a.id === factory.id)).toMatchObject({ ...FACTORY, isDefault: true, version: 1, openOrderCount: 2 });
    expect(page.data.find((a) => a.id === office.id)).toMatchObject({ isDefault: false, openOrderCount: 0 });
    expect(page.data[0]).not.toHaveProperty('ownerUid');
    expect(page.data[0]?.createdAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    expect(await listAll(makeUid())).toEqual([]);
  });

  it('searches over apelido, street and city, and sorts', async () => {
    const { owner, factory, office } = await builder();
    const search = async (q: string) =>
      (await call<Page>('GET', `/address?q=${encodeURIComponent(q)}`, { as: owner })).body.data.map((a) => a.id);
    expect(await search('escrit')).toEqual([office.id]);
    expect(await search('paulista')).toEqual([office.id]);
    expect(await search('CAMPINAS')).toEqual([factory.id]);
    expect(await search('Caxias')).toEqual([]);
    expect(await search('%"🏭')).toEqual([]);
    const byCity = (await call<Page>('GET', '/address?sort=-city', { as: owner })).body;
    expect(byCity.data.map((a) => a.city)).toEqual(['São Paulo', 'Campinas']);
  });

  it('gets one address; another owner’s id or an unknown one is 404 with the resource’s message', async () => {
    const { owner, office } = await builder();
    const other = await builder();
    const ok = await call<Address>('GET', `/address/${office.id}`, { as: owner });
    expect(ok.status).toBe(200);
    expect(ok.body.street).toBe('Avenida Paulista');
    for (const [method, path] of [
      ['GET', `/address/${other.factory.id}`],
      ['GET', '/address/address-9999999'],
      ['DELETE', `/address/${other.factory.id}`],
      ['POST', `/address/${other.factory.id}/default`],
    ] as const) {
      const answer = await call<Failure>(method, path, { as: owner });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: 'not-found', message: ADDRESS_NOT_FOUND } });
    }
    const put = await call('PUT', `/address/${other.factory.id}`, { as: owner, headers: { 'If-Match': '1' }, body: WAREHOUSE });
    expect(put.status).toBe(404);
    expect((await call<Address>('GET', `/address/${other.factory.id}`, { as: other.owner })).body).toMatchObject({
      street: FACTORY.street,
      isDefault: true,
    });
  });

  it('creates a normalised address (not the default while another is), once per Idempotency-Key', async () => {
    const { owner, factory } = await builder();
    const key = makeIdempotencyKey();
    const first = await create(owner, WAREHOUSE, key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ cep: '89220-120', uf: 'SC', isDefault: false, openOrderCount: 0, version: 1 });
    expect(first.body.id).toMatch(/^address-\d+$/);
    const replay = await create(owner, WAREHOUSE, key);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect(await listAll(owner)).toHaveLength(3);
    expect(defaults(await listAll(owner))).toEqual([factory.id]);
    expect((await call('POST', '/address', { as: owner, body: WAREHOUSE })).status).toBe(400);
  });

  it('refuses bad input with the field and its message', async () => {
    const owner = makeUid();
    const cases: Array<[object, string, unknown]> = [
      [{ ...WAREHOUSE, cep: '8922012' }, 'cep', 'CEP inválido. Use 8 números, ex.: 01310-100.'],
      [{ ...WAREHOUSE, cep: '8922O120' }, 'cep', CEP_MESSAGES.notDigits],
      [{ ...WAREHOUSE, street: '  ' }, 'street', 'Informe a rua.'],
      [{ ...WAREHOUSE, uf: 'XX' }, 'uf', expect.stringMatching(/^UF inválida/)],
      [{ ...WAREHOUSE, number: undefined }, 'number', 'Informe o número (ou "s/n").'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call<Failure>('POST', '/address', { as: owner, body, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation', field, message });
    }
    const notJson = await call('POST', '/address', { as: owner, body: '{oops', headers: { 'Idempotency-Key': makeIdempotencyKey() } });
    expect(notJson.status).toBe(400);
    expect(await listAll(owner)).toHaveLength(0);
  });

  it('the first address an account creates is its default', async () => {
    const owner = makeUid();
    expect((await created(owner, WAREHOUSE)).isDefault).toBe(true);
    expect((await created(owner, { ...WAREHOUSE, label: 'Filial' })).isDefault).toBe(false);
    expect(defaults(await listAll(owner))).toHaveLength(1);
  });

  it('updates over the current version; a stale one is 409 and a missing one 428; the flag is not the PUT’s', async () => {
    const { owner, factory, office } = await builder();
    const body = { ...FACTORY, number: '1030' };
    const stale = await call<Failure>('PUT', `/address/${factory.id}`, { as: owner, headers: { 'If-Match': '7' }, body });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    expect((await call('PUT', `/address/${factory.id}`, { as: owner, body: FACTORY })).status).toBe(428);
    const ok = await call<Address>('PUT', `/address/${factory.id}`, { as: owner, headers: { 'If-Match': '1' }, body });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ number: '1030', version: 2, isDefault: true });
    const ignored = await call<Address>('PUT', `/address/${office.id}`, {
      as: owner,
      headers: { 'If-Match': '1' },
      body: { ...OFFICE, isDefault: true },
    });
    expect(ignored.body.isDefault).toBe(false);
  });

  it('POST /address/:id/default makes it the only default, and is idempotent', async () => {
    const { owner, factory, office } = await builder();
    const other = await builder();
    const answer = await call<Address>('POST', `/address/${office.id}/default`, { as: owner });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: office.id, isDefault: true, version: 2 });
    let all = await listAll(owner);
    expect(defaults(all)).toEqual([office.id]);
    expect(all.find((a) => a.id === factory.id)?.version).toBe(2);
    await call('POST', `/address/${office.id}/default`, { as: owner });
    all = await listAll(owner);
    expect(defaults(all)).toEqual([office.id]);
    expect(all.find((a) => a.id === office.id)?.version).toBe(2);
    expect(defaults(await listAll(other.owner))).toEqual([other.factory.id]);
  });

  it('refuses to delete an address open orders ship to, saying how many; closed orders do not hold it', async () => {
    const { owner, factory } = await builder();
    const open = [await orderAt(owner, factory.id, 'aguardando-pagamento'), await orderAt(owner, factory.id, 'pago')];
    const closed = await orderAt(owner, factory.id, 'entregue');
    const refused = await call<Failure>('DELETE', `/address/${factory.id}`, { as: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'has-dependents', message: addressInUseMessage(2) });
    await env.DB.prepare("UPDATE purchase_order SET status = 'cancelado' WHERE id = ?").bind(open[0]).run();
    const single = await call<Failure>('DELETE', `/address/${factory.id}`, { as: owner });
    expect(single.body.error.message).toBe('Este endereço não pode ser excluído: 1 pedido em aberto o usa.');
    await env.DB.prepare("UPDATE purchase_order SET status = 'entregue' WHERE id = ?").bind(open[1]).run();
    expect((await call('DELETE', `/address/${factory.id}`, { as: owner })).status).toBe(204);
    const links = await env.DB.prepare('SELECT address_id, address_street FROM purchase_order WHERE owner_uid = ?')
      .bind(owner)
      .all<{ address_id: string | null; address_street: string }>();
    expect(links.results).toHaveLength(3);
    expect(links.results.every((row) => row.address_id === null && row.address_street === FACTORY.street)).toBe(true);
    expect(closed).toBeTruthy();
  });

  it('deleting the default hands the flag to the most recently updated address left', async () => {
    const owner = makeUid();
    const a = await created(owner, WAREHOUSE);
    const b = await created(owner, { ...WAREHOUSE, label: 'Filial B' });
    const c = await created(owner, { ...WAREHOUSE, label: 'Filial C' });
    expect(a.isDefault).toBe(true);
    const edit = await call('PUT', `/address/${b.id}`, { as: owner, headers: { 'If-Match': '1' }, body: { ...WAREHOUSE, label: 'Filial B (reformada)' } });
    expect(edit.status).toBe(200);
    expect((await call('DELETE', `/address/${a.id}`, { as: owner })).status).toBe(204);
    expect(defaults(await listAll(owner))).toEqual([b.id]);
    expect((await call('DELETE', `/address/${c.id}`, { as: owner })).status).toBe(204);
    expect(defaults(await listAll(owner))).toEqual([b.id]);
    expect((await call('DELETE', `/address/${b.id}`, { as: owner, headers: { 'If-Match': '9' } })).status).toBe(409);
    expect((await call('DELETE', `/address/${b.id}`, { as: owner })).status).toBe(204);
    expect(await listAll(owner)).toEqual([]);
  });

  it('Leitura and Técnico read the addresses but may not change them (purchases)', async () => {
    const { owner, factory } = await builder();
    for (const role of ['leitura', 'tecnico'] as const) {
      const member = makeUid(role);
      await arrangeMember(owner, member, role);
      expect((await listAll(member)).map((a) => a.id)).toContain(factory.id);
      const refused = await call<Failure>('POST', `/address/${factory.id}/default`, { as: member });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('role-forbidden');
      expect(refused.body.error.message).toMatch(/não permite fazer compras/);
    }
  });
});

describe('GET /address/cep/:cep', () => {
  it('answers a CEP of the table with its street, district, city and UF', async () => {
    const answer = await call('GET', '/address/cep/01310100', { as: makeUid() });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ cep: '01310-100', street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', uf: 'SP' });
    expect((await call<{ street: string }>('GET', '/address/cep/13069380', { as: makeUid() })).body.street).toBe(FACTORY.street);
    expect(CEP_TABLE.size).toBeGreaterThanOrEqual(28);
  });

  it('404 cep-not-found for an unknown CEP, with the message the form shows', async () => {
    const answer = await call('GET', '/address/cep/99999998', { as: makeUid() });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 'cep-not-found', message: CEP_MESSAGES.notFound, field: 'cep' } });
  });

  it('400 for a malformed CEP', async () => {
    for (const cep of ['0131010', '013101000', '0131A100', '01310-100', '00000000']) {
      const answer = await call<Failure>('GET', `/address/cep/${encodeURIComponent(cep)}`, { as: makeUid() });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation', field: 'cep', message: expect.stringMatching(/^CEP inválido/) });
    }
  });
});
