import { describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { machineModelInUseMessage, PORT_MESSAGES } from '@/contracts/machine-model';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { seedFleet } from '../machines/__tests__/fixtures';

type Ts = { seconds: number; nanos: number };
interface ApiModel {
  id: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string;
  services: Array<{ name: string; protocol: string; port: number }>;
  machineCount: number;
  version: number;
  createdAt: Ts;
  updatedAt: Ts;
}
type Page = { data: ApiModel[]; meta: { page: number; perPage: number; total: number } };
type ApiError = { error: { code: string; message: string; field?: string; current?: ApiModel } };

const valid = {
  name: ' Injetora IH-600 ',
  manufacturer: 'Oliveira Automação',
  category: 'Injeção plástica',
  description: 'Injetora de 600 t.',
  services: [
    { name: 'IHM web', protocol: 'https', port: 443 },
    { name: 'CLP S7', protocol: 's7', port: '102' },
  ],
};

const create = (owner: string, body: object = valid, key = makeIdempotencyKey()) =>
  call<ApiModel>('POST', '/machine-model', { as: owner, body, headers: { 'Idempotency-Key': key } });
const put = (owner: string, id: string, body: object, headers: Record<string, string>) =>
  call<ApiModel & ApiError>('PUT', `/machine-model/${id}`, { as: owner, body, headers });
const page = async (owner: string, query: string) => (await call<Page>('GET', `/machine-model?${query}`, { as: owner })).body;

describe('/machine-model', () => {
  it('401 without a session', async () => {
    expect((await call('GET', '/machine-model')).status).toBe(401);
    expect((await call('GET', '/machine-model/machine-model-1001')).status).toBe(401);
    expect((await call('POST', '/machine-model', { body: valid, headers: { 'Idempotency-Key': makeIdempotencyKey() } })).status).toBe(401);
    expect((await call('DELETE', '/machine-model/machine-model-1001')).status).toBe(401);
  });

  it("lists the caller's 8 seeded models sorted by name, with services and machineCount (the machines' prefill query)", async () => {
    const { maria, id, data } = await seedFleet();
    const answer = await page(maria, 'perPage=100&sort=name');
    expect(answer.meta).toEqual({ page: 1, perPage: 100, total: 8 });
    const names = answer.data.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(answer.data.some((m) => m.id === id('machine-model-1101'))).toBe(false);
    const injetora = answer.data.find((m) => m.id === id('machine-model-1001'));
    expect(injetora).toMatchObject({
      name: 'Injetora IH-450',
      services: [
        { name: 'IHM web', protocol: 'https', port: 443 },
        { name: 'CLP S7', protocol: 's7', port: 102 },
      ],
      version: 1,
    });
    expect(injetora).not.toHaveProperty('ownerUid');
    expect(injetora?.machineCount).toBe(data.machines.filter((m) => m.modelId === 'machine-model-1001').length);
    expect(answer.data.reduce((sum, m) => sum + m.machineCount, 0)).toBe(60);
  });

  it('searches name, manufacturer and category (accents ignored), filters by category, sorts and pages', async () => {
    const { maria, id } = await seedFleet();
    expect((await page(maria, 'q=usinagem')).data.map((m) => m.name)).toEqual(['Centro de Usinagem CU-800']);
    expect((await page(maria, 'q=injecao')).data.map((m) => m.category)).toEqual(['Injeção plástica']);
    expect((await page(maria, 'q=oliveira')).meta.total).toBe(8);
    expect((await page(maria, 'category=Envase')).data.map((m) => m.name)).toEqual(['Envasadora EV-12']);
    expect((await page(maria, 'category=%20envase%20')).data.map((m) => m.name)).toEqual(['Envasadora EV-12']);
    const categories = (await page(maria, 'sort=-category')).data.map((m) => m.category);
    expect(categories).toEqual([...categories].sort((a, b) => b.localeCompare(a, 'pt-BR')));
    expect((await page(maria, 'sort=-createdAt&perPage=10')).data[0]?.id).toBe(id('machine-model-1008'));
    expect(await page(maria, 'perPage=10&page=2')).toEqual({ data: [], meta: { page: 2, perPage: 10, total: 8 } });
    expect((await page(maria, 'q=%25%22%F0%9F%9A%9C')).meta.total).toBe(0);
  });

  it("gets one model; another owner's id or an unknown one is 404, never 403", async () => {
    const { maria, serra, id } = await seedFleet();
    const ok = await call<ApiModel>('GET', `/machine-model/${id('machine-model-1002')}`, { as: maria });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe('Envasadora EV-12');
    for (const unknown of [id('machine-model-1101'), 'machine-model-9999']) {
      const answer = await call('GET', `/machine-model/${unknown}`, { as: maria });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: 'not-found', message: 'Modelo de máquina não encontrado.' } });
    }
    expect((await call('GET', `/machine-model/${id('machine-model-1101')}`, { as: serra })).status).toBe(200);
  });

  it('creates (201) once per Idempotency-Key, trimmed, ports as numbers; needs a key', async () => {
    const owner = makeUid();
    const key = makeIdempotencyKey();
    const first = await create(owner, valid, key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Injetora IH-600',
      services: [
        { name: 'IHM web', protocol: 'https', port: 443 },
        { name: 'CLP S7', protocol: 's7', port: 102 },
      ],
      machineCount: 0,
      version: 1,
    });
    expect(first.body.id).toMatch(/^machine-model-\d+$/);
    expect(first.body.createdAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    const replay = await create(owner, valid, key);
    expect(replay.body.id).toBe(first.body.id);
    expect((await page(owner, '')).meta.total).toBe(1);
    expect((await call('GET', `/machine-model/${first.body.id}`, { as: owner })).body).toEqual(first.body);
    const keyless = await call('POST', '/machine-model', { as: owner, body: valid });
    expect(keyless.status).toBe(400);
    expect(keyless.body).toMatchObject({ error: { code: 'idempotency-key-required' } });
  });

  it('400 with the field path for invalid input', async () => {
    const owner = makeUid();
    const services = (ports: unknown[]) => ports.map((port, i) => ({ name: `Serviço ${i + 1}`, protocol: 'http', port }));
    const cases: Array<[object, string, string]> = [
      [{ ...valid, name: '' }, 'name', 'Informe o nome do modelo.'],
      [{ ...valid, description: 'x'.repeat(1001) }, 'description', 'Use no máximo 1000 caracteres.'],
      [{ ...valid, services: services([80, 0]) }, 'services.1.port', PORT_MESSAGES.range],
      [{ ...valid, services: services([65536]) }, 'services.0.port', PORT_MESSAGES.range],
      [{ ...valid, services: services([80, 'abc']) }, 'services.1.port', PORT_MESSAGES.notInteger],
      [{ ...valid, services: services([8080, 8080]) }, 'services.1.port', PORT_MESSAGES.duplicate],
      [{ ...valid, services: [{ name: 'x', protocol: 'telnet', port: 23 }] }, 'services.0.protocol', 'Escolha o protocolo.'],
      [{ ...valid, services: [{ name: ' ', protocol: 'ssh', port: 22 }] }, 'services.0.name', 'Informe o nome do serviço.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(owner, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toEqual({ error: { code: 'validation', message, field } });
    }
    const notJson = await call('POST', '/machine-model', { as: owner, body: '{', headers: { 'Idempotency-Key': makeIdempotencyKey() } });
    expect(notJson.status).toBe(400);
    expect((await page(owner, '')).meta.total).toBe(0);
  });

  it('updates with If-Match and bumps the version; 428 without it; 409 with the current record when stale', async () => {
    const { maria, id } = await seedFleet();
    const model = id('machine-model-1004');
    expect((await put(maria, model, valid, {})).status).toBe(428);
    const answer = await put(maria, model, { ...valid, services: [{ name: 'Supervisório', protocol: 'https', port: 8443 }] }, { 'If-Match': '1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: model,
      name: 'Injetora IH-600',
      services: [{ name: 'Supervisório', protocol: 'https', port: 8443 }],
      version: 2,
    });
    expect(answer.body.machineCount).toBeGreaterThan(0);
    const stale = await put(maria, model, { ...valid, name: 'Outro' }, { 'If-Match': '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect(stale.body.error.current).toMatchObject({ id: model, name: 'Injetora IH-600', version: 2 });
    const ssh = [
      { name: 'SSH', protocol: 'ssh', port: 22 },
      { name: 'SSH 2', protocol: 'ssh', port: 22 },
    ];
    const bad = await put(maria, model, { ...valid, services: ssh }, { 'If-Match': '2' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('services.1.port');
  });

  it("another owner's model is 404 on put and delete, and stays untouched", async () => {
    const { maria, serra, id } = await seedFleet();
    const theirs = id('machine-model-1101');
    expect((await put(maria, theirs, valid, { 'If-Match': '1' })).status).toBe(404);
    expect((await call('DELETE', `/machine-model/${theirs}`, { as: maria })).status).toBe(404);
    expect((await call<ApiModel>('GET', `/machine-model/${theirs}`, { as: serra })).body).toMatchObject({ name: 'Pasteurizador PT-5', version: 1 });
  });

  it('refuses to delete a model machines use (409 naming the count), deletes an unused one (204)', async () => {
    const { maria, id, data } = await seedFleet();
    const used = id('machine-model-1002');
    const count = data.machines.filter((m) => m.modelId === 'machine-model-1002').length;
    const refused = await call('DELETE', `/machine-model/${used}`, { as: maria });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'has-dependents', message: machineModelInUseMessage(count) } });
    expect(machineModelInUseMessage(count)).toContain(`${count} máquina`);
    expect((await call('GET', `/machine-model/${used}`, { as: maria })).status).toBe(200);

    const created = await create(maria);
    expect((await call('DELETE', `/machine-model/${created.body.id}`, { as: maria, headers: { 'If-Match': '2' } })).status).toBe(409);
    expect((await call('DELETE', `/machine-model/${created.body.id}`, { as: maria })).status).toBe(204);
    expect((await call('GET', `/machine-model/${created.body.id}`, { as: maria })).status).toBe(404);
  });

  it('lets Leitura read and refuses its changes with the reason', async () => {
    const owner = makeUid();
    const reader = makeUid('leitura');
    await arrangeMember(owner, reader, 'leitura');
    const { body } = await create(owner);
    expect((await page(reader, '')).meta.total).toBe(1);
    const refused = await create(reader);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'role-forbidden', message: 'Seu perfil (Leitura) não permite alterar dados.' } });
    expect((await call('DELETE', `/machine-model/${body.id}`, { as: reader })).status).toBe(403);
  });
});
