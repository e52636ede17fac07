import { describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { machineModelInUseMessage, PORT_MESSAGES } from '@/contracts/machine-model';
import { testDb } from '@/testing/msw-server';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });

interface ApiModel {
  id: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string;
  services: Array<{ name: string; protocol: string; port: number }>;
  machineCount: number;
  version: number;
  createdAt: { seconds: number; nanos: number };
  updatedAt: { seconds: number; nanos: number };
}
interface ApiError {
  error: { code: string; message: string; field?: string; current?: ApiModel };
}

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

function create(body: object, token = maria, headers: Record<string, string> = {}) {
  return call('/machine-model', { method: 'POST', token, headers, body: JSON.stringify(body) });
}

const put = (id: string, body: object, headers: Record<string, string>, token = maria) =>
  call(`/machine-model/${id}`, { method: 'PUT', token, headers, body: JSON.stringify(body) });

describe('/machine-model', () => {
  it('401 without a token', async () => {
    expect((await call('/machine-model')).status).toBe(401);
    expect((await call('/machine-model/machine-model-1001')).status).toBe(401);
    expect((await create(valid, '')).status).toBe(401);
    expect((await call('/machine-model/machine-model-1001', { method: 'DELETE' })).status).toBe(401);
  });

  it('lists the caller’s 8 models sorted by name, with services and machineCount (the machines’ prefill query)', async () => {
    const page = await json<ApiPage<ApiModel>>(await call('/machine-model?perPage=100&sort=name', { token: maria }));
    expect(page.meta).toEqual({ page: 1, perPage: 100, total: 8 });
    const names = page.data.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(page.data.some((m) => m.id === 'machine-model-1101')).toBe(false);
    const injetora = page.data.find((m) => m.id === 'machine-model-1001');
    expect(injetora).toMatchObject({
      name: 'Injetora IH-450',
      services: [
        { name: 'IHM web', protocol: 'https', port: 443 },
        { name: 'CLP S7', protocol: 's7', port: 102 },
      ],
      version: 1,
    });
    expect(injetora).not.toHaveProperty('ownerUid');
    const machines = testDb().data.machines.filter((m) => m.modelId === 'machine-model-1001').length;
    expect(machines).toBeGreaterThan(0);
    expect(injetora?.machineCount).toBe(machines);
    expect(page.data.reduce((sum, m) => sum + m.machineCount, 0)).toBe(60);
  });

  it('searches name, manufacturer and category (accents ignored), filters by category, sorts and pages', async () => {
    const byCategory = await json<ApiPage<ApiModel>>(await call('/machine-model?q=usinagem', { token: maria }));
    expect(byCategory.data.map((m) => m.name)).toEqual(['Centro de Usinagem CU-800']);
    const byAccent = await json<ApiPage<ApiModel>>(await call('/machine-model?q=injecao', { token: maria }));
    expect(byAccent.data.map((m) => m.category)).toEqual(['Injeção plástica']);
    const byManufacturer = await json<ApiPage<ApiModel>>(await call('/machine-model?q=oliveira', { token: maria }));
    expect(byManufacturer.meta.total).toBe(8);
    const filtered = await json<ApiPage<ApiModel>>(await call('/machine-model?category=Envase', { token: maria }));
    expect(filtered.data.map((m) => m.name)).toEqual(['Envasadora EV-12']);
    const byCategoryDesc = await json<ApiPage<ApiModel>>(await call('/machine-model?sort=-category', { token: maria }));
    const categories = byCategoryDesc.data.map((m) => m.category);
    expect(categories).toEqual([...categories].sort((a, b) => b.localeCompare(a, 'pt-BR')));
    const newest = await json<ApiPage<ApiModel>>(await call('/machine-model?sort=-createdAt&perPage=10', { token: maria }));
    expect(newest.data[0]?.id).toBe('machine-model-1008');
    const second = await json<ApiPage<ApiModel>>(await call('/machine-model?perPage=10&page=2', { token: maria }));
    expect(second).toEqual({ data: [], meta: { page: 2, perPage: 10, total: 8 } });
    const odd = await json<ApiPage<ApiModel>>(await call('/machine-model?q=%25%22%F0%9F%9A%9C', { token: maria }));
    expect(odd.meta.total).toBe(0);
  });

  it('gets one model; another owner’s id or an unknown one is 404, never 403', async () => {
    const ok = await call('/machine-model/machine-model-1002', { token: maria });
    expect(ok.status).toBe(200);
    expect((await json<ApiModel>(ok)).name).toBe('Envasadora EV-12');
    for (const id of ['machine-model-1101', 'machine-model-9999']) {
      const response = await call(`/machine-model/${id}`, { token: maria });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not-found', message: 'Modelo de máquina não encontrado.' } });
    }
    expect((await call('/machine-model/machine-model-1101', { token: serra })).status).toBe(200);
  });

  it('creates (201) once per Idempotency-Key, trimmed, ports as numbers', async () => {
    const before = testDb().data.machineModels.length;
    const headers = { 'Idempotency-Key': 'modelo-novo-1' };
    const first = await create(valid, maria, headers);
    expect(first.status).toBe(201);
    const created = await json<ApiModel>(first);
    expect(created).toMatchObject({
      name: 'Injetora IH-600',
      services: [
        { name: 'IHM web', protocol: 'https', port: 443 },
        { name: 'CLP S7', protocol: 's7', port: 102 },
      ],
      machineCount: 0,
      version: 1,
    });
    expect(created.id).toMatch(/^machine-model-\d+$/);
    const replay = await create(valid, maria, headers);
    expect((await json<ApiModel>(replay)).id).toBe(created.id);
    expect(testDb().data.machineModels.length).toBe(before + 1);
    expect(await json<ApiModel>(await call(`/machine-model/${created.id}`, { token: maria }))).toEqual(created);
  });

  it('400 with the field path for invalid input', async () => {
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
      const response = await create(body);
      expect(response.status, field).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'validation', message, field } });
    }
    expect((await call('/machine-model', { method: 'POST', token: maria, body: '{' })).status).toBe(400);
  });

  it('updates with If-Match and bumps the version; 428 without it; 409 with the current record when stale', async () => {
    const id = 'machine-model-1004';
    const missing = await put(id, valid, {});
    expect(missing.status).toBe(428);
    const response = await put(id, { ...valid, services: [{ name: 'Supervisório', protocol: 'https', port: 8443 }] }, { 'If-Match': '1' });
    expect(response.status).toBe(200);
    expect(await json<ApiModel>(response)).toMatchObject({
      id,
      name: 'Injetora IH-600',
      services: [{ name: 'Supervisório', protocol: 'https', port: 8443 }],
      version: 2,
    });
    const stale = await put(id, { ...valid, name: 'Outro' }, { 'If-Match': '1' });
    expect(stale.status).toBe(409);
    const body = await json<ApiError>(stale);
    expect(body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect(body.error.current).toMatchObject({ id, name: 'Injetora IH-600', version: 2 });
    const bad = await put(id, { ...valid, services: services2(22, 22) }, { 'If-Match': '2' });
    expect(bad.status).toBe(400);
    expect((await json<ApiError>(bad)).error.field).toBe('services.1.port');
  });

  it('another owner’s model is 404 on get, put and delete, and stays untouched', async () => {
    const id = 'machine-model-1101';
    expect((await put(id, valid, { 'If-Match': '1' })).status).toBe(404);
    const del = await call(`/machine-model/${id}`, { method: 'DELETE', token: maria });
    expect(del.status).toBe(404);
    expect(testDb().data.machineModels.find((m) => m.id === id)?.name).toBe('Pasteurizador PT-5');
  });

  it('refuses to delete a model machines use (409 naming the count), deletes an unused one (204)', async () => {
    const id = 'machine-model-1002';
    const count = testDb().data.machines.filter((m) => m.modelId === id).length;
    const refused = await call(`/machine-model/${id}`, { method: 'DELETE', token: maria });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'has-dependents', message: machineModelInUseMessage(count) } });
    expect(machineModelInUseMessage(count)).toContain(`${count} máquina`);
    expect(testDb().data.machineModels.some((m) => m.id === id)).toBe(true);

    const created = await json<ApiModel>(await create(valid));
    const deleted = await call(`/machine-model/${created.id}`, { method: 'DELETE', token: maria });
    expect(deleted.status).toBe(204);
    expect((await call(`/machine-model/${created.id}`, { token: maria })).status).toBe(404);
  });
});

function services2(a: number, b: number) {
  return [
    { name: 'SSH', protocol: 'ssh', port: a },
    { name: 'SSH 2', protocol: 'ssh', port: b },
  ];
}
