import { describe, expect, it } from 'vitest';
import { testDb } from '@/testing/msw-server';
import { makeTestToken } from '../token';
import { cnpjFromBase, DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { call } from '@/testing/demo-api';

const customer = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
const newcomer = makeTestToken({ uid: 'novo-uid', email: 'novo@exemplo.com.br' });

describe('demo backend contract', () => {
  it('401 without a token, with a bad token and with an expired one', async () => {
    expect((await call('/me')).status).toBe(401);
    expect((await call('/me', { token: 'not-a-jwt' })).status).toBe(401);
    const expired = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', expiresInSeconds: -10 });
    expect((await call('/me', { token: expired })).status).toBe(401);
    const otherProject = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' }, 'other-project');
    expect((await call('/me', { token: otherProject })).status).toBe(401);
  });

  it('GET /me returns name and cnpj of the caller only (and its role in the account)', async () => {
    const response = await call('/me', { token: customer });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: 'Maria Oliveira Santos',
      cnpj: cnpjFromBase('452781930001'),
      email: 'cliente@example.com',
      role: 'administrador',
      accountName: 'Maria Oliveira Santos',
    });
    const unknown = await call('/me', { token: newcomer });
    expect(unknown.status).toBe(404);
  });

  it('back-office endpoints need the admin claim (403)', async () => {
    expect((await call('/backoffice/notification/new', { token: customer })).status).toBe(403);
    const response = await call('/backoffice/notification/new', { token: admin });
    expect(response.status).toBe(200);
    const items = (await response.json()) as Array<{ id: string; createdAt: { seconds: number; nanos: number } }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]?.createdAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
  });

  it('mark-as-read validates and empties the new list', async () => {
    const bad = await call('/backoffice/notification/mark-as-read', { method: 'POST', token: admin, body: JSON.stringify({ notificationIds: 'x' }) });
    expect(bad.status).toBe(400);
    const ids = testDb().data.notifications.filter((n) => !n.read).map((n) => n.id);
    const ok = await call('/backoffice/notification/mark-as-read', { method: 'POST', token: admin, body: JSON.stringify({ notificationIds: ids }) });
    expect(await ok.json()).toEqual({ updated: ids.length });
    const after = await call('/backoffice/notification/new', { token: admin });
    expect(await after.json()).toEqual([]);
  });

  describe('POST /assembler', () => {
    const body = { name: 'Nova Montadora Ltda', cnpj: '12.ABC.345/01DE-35', email: 'novo@exemplo.com.br' };

    it('validates with field messages', async () => {
      const badCnpj = await call('/assembler', { method: 'POST', token: newcomer, body: JSON.stringify({ ...body, cnpj: '11.222.333/0001-82' }) });
      expect(badCnpj.status).toBe(400);
      expect(await badCnpj.json()).toEqual({
        error: { code: 'validation', message: 'CNPJ inválido.', field: 'cnpj' },
      });
      const otherEmail = await call('/assembler', { method: 'POST', token: newcomer, body: JSON.stringify({ ...body, email: 'x@y.com' }) });
      expect(otherEmail.status).toBe(400);
      const notJson = await call('/assembler', { method: 'POST', token: newcomer, body: '{' });
      expect(notJson.status).toBe(400);
    });

    it('creates once per Idempotency-Key and refuses a taken CNPJ', async () => {
      const headers = { 'Idempotency-Key': 'chave-1' };
      const first = await call('/assembler', { method: 'POST', token: newcomer, headers, body: JSON.stringify(body) });
      expect(first.status).toBe(201);
      const replay = await call('/assembler', { method: 'POST', token: newcomer, headers, body: JSON.stringify(body) });
      expect(replay.status).toBe(201);
      expect(testDb().data.assemblers.filter((a) => a.uid === 'novo-uid')).toHaveLength(1);
      const again = await call('/assembler', { method: 'POST', token: newcomer, body: JSON.stringify(body) });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('assembler-exists');

      const someoneElse = makeTestToken({ uid: 'outro', email: 'outro@exemplo.com.br' });
      const taken = await call('/assembler', {
        method: 'POST',
        token: someoneElse,
        body: JSON.stringify({ ...body, email: 'outro@exemplo.com.br' }),
      });
      expect(taken.status).toBe(409);
      expect(((await taken.json()) as { error: { code: string } }).error.code).toBe('cnpj-taken');
    });

    it('an Idempotency-Key cannot be replayed by another caller', async () => {
      const headers = { 'Idempotency-Key': 'chave-2' };
      await call('/assembler', { method: 'POST', token: newcomer, headers, body: JSON.stringify(body) });
      const thief = makeTestToken({ uid: 'ladrao', email: 'l@x.com' });
      const replay = await call('/assembler', { method: 'POST', token: thief, headers, body: JSON.stringify(body) });
      expect(replay.status).toBe(422);
    });
  });

  it('PATCH /me changes only the caller', async () => {
    const response = await call('/me', { method: 'PATCH', token: customer, body: JSON.stringify({ name: 'Maria O. Santos' }) });
    expect(response.status).toBe(200);
    expect(testDb().data.assemblers.find((a) => a.uid === DEMO_CUSTOMER_UID)?.name).toBe('Maria O. Santos');
    const empty = await call('/me', { method: 'PATCH', token: customer, body: JSON.stringify({ name: ' ' }) });
    expect(empty.status).toBe(400);
  });

  it('unknown routes are 401 without a token and 404 with one', async () => {
    expect((await call('/nao-existe')).status).toBe(401);
    expect((await call('/nao-existe', { token: customer })).status).toBe(404);
  });

  it('the seed scopes records to their owners', () => {
    const { machines, customers } = testDb().data;
    expect(machines.some((m) => m.ownerUid !== DEMO_CUSTOMER_UID)).toBe(true);
    for (const machine of machines) {
      const owner = customers.find((c) => c.id === machine.customerId)?.ownerUid;
      if (owner) expect(owner).toBe(machine.ownerUid);
    }
  });
});
