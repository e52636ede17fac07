import { describe, expect, it } from 'vitest';
import { CUSTOMER_DUPLICATE_CNPJ } from '@/contracts/customer';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';

const ACME = { name: 'Metalúrgica Açores Ltda', tradeName: 'Açores', cnpj: '11.222.333/0001-81', city: 'São José dos Campos', uf: 'sp' };

type Customer = { id: string; name: string; cnpj: string; uf: string; version: number; machineCount: number; createdAt: unknown };
type Page = { data: Customer[]; meta: { page: number; perPage: number; total: number } };

async function create(owner: string, body: object = ACME, key = makeIdempotencyKey()) {
  return call<Customer>('POST', '/customer', { as: owner, body, headers: { 'Idempotency-Key': key } });
}

describe('/customer', () => {
  it('creates, reads, lists, updates and deletes a customer of the account', async () => {
    const owner = makeUid();
    const created = await create(owner);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: ACME.name, cnpj: '11222333000181', uf: 'SP', machineCount: 0, version: 1 });
    expect(created.body.createdAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    expect(created.body).not.toHaveProperty('ownerUid');

    const one = await call<Customer>('GET', `/customer/${created.body.id}`, { as: owner });
    expect(one.body).toEqual(created.body);

    const page = await call<Page>('GET', '/customer', { as: owner });
    expect(page.body.meta).toEqual({ page: 1, perPage: 20, total: 1 });

    const updated = await call<Customer>('PUT', `/customer/${created.body.id}`, {
      as: owner,
      body: { ...ACME, name: 'Metalúrgica Açores S.A.' },
      headers: { 'If-Match': '1' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Metalúrgica Açores S.A.', version: 2 });

    const deleted = await call('DELETE', `/customer/${created.body.id}`, { as: owner });
    expect(deleted.status).toBe(204);
    expect((await call('GET', `/customer/${created.body.id}`, { as: owner })).status).toBe(404);
  });

  it("answers another account's customer as not found, for every verb", async () => {
    const owner = makeUid();
    const other = makeUid();
    const { body } = await create(owner);
    for (const [method, extra] of [
      ['GET', {}],
      ['PUT', { body: ACME, headers: { 'If-Match': '1' } }],
      ['DELETE', {}],
    ] as const) {
      const answer = await call(method, `/customer/${body.id}`, { as: other, ...extra });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: 'not-found', message: 'Cliente não encontrado.' } });
    }
    expect((await call<Page>('GET', '/customer', { as: other })).body.meta.total).toBe(0);
  });

  it('refuses a duplicate CNPJ in the account, not in another', async () => {
    const owner = makeUid();
    await create(owner);
    const again = await create(owner, { ...ACME, name: 'Outra' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'duplicate', message: CUSTOMER_DUPLICATE_CNPJ, field: 'cnpj' } });
    expect((await create(makeUid())).status).toBe(201);
  });

  it('says which field is invalid, in pt-BR', async () => {
    const answer = await create(makeUid(), { ...ACME, cnpj: '11.222.333/0001-00' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'validation', field: 'cnpj' } });
    const notJson = await call('POST', '/customer', { as: makeUid(), body: '{"name":', headers: { 'Idempotency-Key': makeIdempotencyKey() } });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: { code: 'invalid-body', message: 'O corpo da requisição deve ser um JSON válido.' } });
  });

  it('guards updates by version: 428 without one, 409 with the current record when stale', async () => {
    const owner = makeUid();
    const { body } = await create(owner);
    const none = await call('PUT', `/customer/${body.id}`, { as: owner, body: ACME });
    expect(none.status).toBe(428);
    await call('PUT', `/customer/${body.id}`, { as: owner, body: { ...ACME, name: 'Primeira' }, headers: { 'If-Match': '1' } });
    const stale = await call<{ error: { code: string; message: string; current: Customer } }>('PUT', `/customer/${body.id}`, {
      as: owner,
      body: { ...ACME, name: 'Segunda' },
      headers: { 'If-Match': '1' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect(stale.body.error.current).toMatchObject({ name: 'Primeira', version: 2 });
  });

  it('replays a create with the same key, refuses the key with another body, and needs a key', async () => {
    const owner = makeUid();
    const key = makeIdempotencyKey();
    const first = await create(owner, ACME, key);
    const second = await create(owner, ACME, key);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const reused = await create(owner, { ...ACME, name: 'Outro nome' }, key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ error: { code: 'idempotency-key-reused' } });
    const keyless = await call('POST', '/customer', { as: owner, body: ACME });
    expect(keyless.status).toBe(400);
    expect(keyless.body).toMatchObject({ error: { code: 'idempotency-key-required' } });
    expect((await call<Page>('GET', '/customer', { as: owner })).body.meta.total).toBe(1);
  });

  it('makes one customer of two concurrent creates with one key', async () => {
    const owner = makeUid();
    const key = makeIdempotencyKey();
    const answers = await Promise.all([create(owner, ACME, key), create(owner, ACME, key), create(owner, ACME, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect((await call<Page>('GET', '/customer', { as: owner })).body.meta.total).toBe(1);
  });

  it('searches without case or accents, ignores masks with digits, and treats % _ quotes and emoji as text', async () => {
    const owner = makeUid();
    await create(owner);
    await create(owner, { name: 'Usinagem 100% Paraná', cnpj: '45.278.193/0001-85', city: 'Curitiba', uf: 'PR' });
    const search = async (q: string) =>
      (await call<Page>('GET', `/customer?q=${encodeURIComponent(q)}`, { as: owner })).body.data.map((c) => c.name);
    expect(await search('acores')).toEqual([ACME.name]);
    expect(await search('SAO JOSE')).toEqual([ACME.name]);
    expect(await search('45278')).toEqual(['Usinagem 100% Paraná']);
    expect(await search('11.222.333')).toEqual([ACME.name]);
    expect(await search('100%')).toEqual(['Usinagem 100% Paraná']);
    expect(await search('_')).toEqual([]);
    expect(await search(`'; DROP TABLE customer; --`)).toEqual([]);
    expect(await search('🏭')).toEqual([]);
  });

  it('pages, sorts and filters; bad list parameters fall back', async () => {
    const owner = makeUid();
    await create(owner, { name: 'Bravo', cnpj: '11.222.333/0001-81', uf: 'SP' });
    await create(owner, { name: 'Águia', cnpj: '45.278.193/0001-85', uf: 'PR' });
    await create(owner, { name: 'Charlie', cnpj: '12.345.678/0001-95', uf: 'SP' });
    const names = async (query: string) =>
      (await call<Page>('GET', `/customer?${query}`, { as: owner })).body.data.map((c) => c.name);
    expect(await names('')).toEqual(['Águia', 'Bravo', 'Charlie']);
    expect(await names('sort=-name')).toEqual(['Charlie', 'Bravo', 'Águia']);
    expect(await names('uf=SP')).toEqual(['Bravo', 'Charlie']);
    expect(await names('perPage=10&page=2')).toEqual([]);
    const bad = await call<Page>('GET', '/customer?page=-1&perPage=100000&sort=drop', { as: owner });
    expect(bad.status).toBe(200);
    expect(bad.body.meta).toEqual({ page: 1, perPage: 20, total: 3 });
  });

  it('lets Leitura read and refuses its changes with the reason', async () => {
    const owner = makeUid();
    const reader = makeUid('leitura');
    await arrangeMember(owner, reader, 'leitura');
    const { body } = await create(owner);
    expect((await call<Page>('GET', '/customer', { as: reader })).body.meta.total).toBe(1);
    const refused = await call('PUT', `/customer/${body.id}`, { as: reader, body: ACME, headers: { 'If-Match': '1' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'role-forbidden', message: 'Seu perfil (Leitura) não permite alterar dados.' } });
  });

  it('answers 401 without a session', async () => {
    const answer = await call('GET', '/customer');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: { code: 'unauthenticated', message: 'Sessão ausente ou expirada. Entre novamente.' } });
  });
});

describe('/customer machineCount', () => {
  it('counts the machines installed at each customer of the account, and only those', async () => {
    const { env } = await import('cloudflare:test');
    const owner = makeUid();
    const other = makeUid();
    const first = (await create(owner)).body;
    const second = (await create(owner, { name: 'Segunda', cnpj: '45.278.193/0001-85' })).body;
    const now = Date.now();
    const insert = env.DB.prepare(
      `INSERT INTO machine (id, owner_uid, name, serial_number, model_id, customer_id, name_key, site_key, search, search_compact, version, created_at, updated_at)
       VALUES (?, ?, 'M', ?, 'model-1', ?, 'm', '', 'm', 'm', 1, ?, ?)`,
    );
    await env.DB.batch([
      insert.bind(`m-${owner}-1`, owner, `S-${owner}-1`, first.id, now, now),
      insert.bind(`m-${owner}-2`, owner, `S-${owner}-2`, first.id, now, now),
      // Another account's machine naming the same customer id counts for nobody here.
      insert.bind(`m-${other}-1`, other, `S-${other}-1`, first.id, now, now),
    ]);
    const page = await call<Page>('GET', '/customer', { as: owner });
    expect(Object.fromEntries(page.body.data.map((c) => [c.id, c.machineCount]))).toEqual({ [first.id]: 2, [second.id]: 0 });
    expect((await call<Customer>('GET', `/customer/${first.id}`, { as: owner })).body.machineCount).toBe(2);
    const refused = await call('DELETE', `/customer/${first.id}`, { as: owner });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'has-dependents' } });
  });
});
