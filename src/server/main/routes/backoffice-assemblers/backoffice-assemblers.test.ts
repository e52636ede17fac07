import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeUid } from '../../../testing/api';
import { assembler } from '../../../shared/db/core-schema';
import { purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';
import { assemblerRow, deviceRow, insertRows, orderRow } from '../backoffice-dashboard/test-rows';

type Time = { seconds: number; nanos: number };
interface Summary {
  uid: string;
  name: string;
  cnpj: string;
  email: string;
  createdAt: Time;
}
interface Profile extends Summary {
  orderCount: number;
  openOrderCount: number;
  devices: Record<string, number>;
}

const MARIA = 'demo-cliente-maria';
const SERRA = 'demo-montadora-serra';
const staff = makeUid('staff');
const created = Date.UTC(2026, 2, 1);

beforeAll(async () => {
  const db = drizzle(env.DB);
  await insertRows(db, assembler, [
    assemblerRow(MARIA, 'Maria Oliveira Santos', '45278193000185', created),
    assemblerRow(SERRA, 'João Pereira Costa', '38592017000109', created),
    assemblerRow('montadora-3', 'Ângela Montagens', '11222333000181', created),
    assemblerRow('montadora-4', 'bruno máquinas', '12345678000195', created),
  ]);
  await insertRows(db, purchaseOrder, [
    orderRow({ number: 1001, ownerUid: MARIA, status: 'entregue' }),
    orderRow({ number: 1002, ownerUid: MARIA, status: 'entregue' }),
    orderRow({ number: 1003, ownerUid: MARIA, status: 'enviado' }),
    orderRow({ number: 1004, ownerUid: MARIA, status: 'aguardando-pagamento' }),
    orderRow({ number: 1005, ownerUid: SERRA, status: 'pago' }),
    orderRow({ number: 1006, ownerUid: MARIA, status: 'em-separacao' }),
    orderRow({ number: 1007, ownerUid: MARIA, status: 'cancelado' }),
  ]);
  await insertRows(db, device, [
    deviceRow('d1', MARIA, 'online'),
    deviceRow('d2', MARIA, 'online'),
    deviceRow('d3', MARIA, 'offline'),
    deviceRow('d4', MARIA, 'never-connected'),
    deviceRow('d5', SERRA, 'online'),
    deviceRow('d6', null, 'never-connected'),
  ]);
});

describe('/backoffice/assembler', () => {
  it('is for staff only: 403 for a builder, 401 without a session', async () => {
    for (const path of ['/backoffice/assembler', `/backoffice/assembler/${MARIA}`]) {
      const forbidden = await call('GET', path, { as: MARIA });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body).toEqual({ error: { code: 'forbidden', message: 'Acesso restrito à equipe Ponte IIoT.' } });
      expect((await call('GET', path)).status, path).toBe(401);
    }
  });

  it('lists every builder by name (pt-BR order), in one page', async () => {
    const { status, body } = await call<{ data: Summary[]; meta: object }>('GET', '/backoffice/assembler', { as: staff, admin: true });
    expect(status).toBe(200);
    expect(body.data.map((builder) => builder.name)).toEqual(['Ângela Montagens', 'bruno máquinas', 'João Pereira Costa', 'Maria Oliveira Santos']);
    expect(body.meta).toEqual({ page: 1, perPage: 4, total: 4 });
    expect(body.data[3]).toEqual({
      uid: MARIA,
      name: 'Maria Oliveira Santos',
      cnpj: '45278193000185',
      email: `${MARIA}@example.com`,
      createdAt: { seconds: created / 1000, nanos: 0 },
    });
  });

  it('answers one builder with its orders (all, open) and its gateways by status', async () => {
    const { status, body } = await call<Profile>('GET', `/backoffice/assembler/${MARIA}`, { as: staff, admin: true });
    expect(status).toBe(200);
    expect(body).toEqual({
      uid: MARIA,
      name: 'Maria Oliveira Santos',
      cnpj: '45278193000185',
      email: `${MARIA}@example.com`,
      createdAt: { seconds: created / 1000, nanos: 0 },
      orderCount: 6,
      openOrderCount: 3,
      devices: { online: 2, offline: 1, 'never-connected': 1, total: 4 },
    });
    const serra = await call<Profile>('GET', `/backoffice/assembler/${SERRA}`, { as: staff, admin: true });
    expect(serra.body).toMatchObject({ orderCount: 1, openOrderCount: 1, devices: { online: 1, offline: 0, 'never-connected': 0, total: 1 } });
    const empty = await call<Profile>('GET', '/backoffice/assembler/montadora-3', { as: staff, admin: true });
    expect(empty.body).toMatchObject({ orderCount: 0, openOrderCount: 0, devices: { online: 0, offline: 0, 'never-connected': 0, total: 0 } });
  });

  it('answers 404 "Montadora não encontrada." for an unknown uid', async () => {
    const missing = await call('GET', '/backoffice/assembler/ninguem', { as: staff, admin: true });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not-found', message: 'Montadora não encontrada.' } });
  });
});
