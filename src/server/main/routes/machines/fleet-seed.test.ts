import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import { call } from '../../../testing/api';
import { seedFleet } from './__tests__/fixtures';

type Page<T> = { data: T[]; meta: { total: number } };

describe('the demo seed of the fleet (fleetSeed)', () => {
  it('answers the demo builder’s customers, models and machines through the routes, and the other builder’s apart', async () => {
    const { maria, serra, id, data } = await seedFleet({ devices: true });
    const own = <T extends { ownerUid: string | null }>(rows: T[], uid: string) => rows.filter((row) => row.ownerUid === uid);
    const customers = await call<Page<{ id: string; name: string; machineCount: number }>>('GET', '/customer?perPage=100', { as: maria });
    expect(customers.body.meta.total).toBe(own(data.customers, DEMO_CUSTOMER_UID).length);
    expect(customers.body.meta.total).toBeGreaterThanOrEqual(45);
    const valeDoAco = customers.body.data.find((c) => c.id === id('customer-1001'));
    expect(valeDoAco).toMatchObject({ name: 'Metalúrgica Vale do Aço Ltda', cnpj: expect.stringMatching(/^\w{14}$/) });
    const atValeDoAco = await call<Page<unknown>>('GET', `/machine?customer=${id('customer-1001')}`, { as: maria });
    expect(atValeDoAco.body.meta.total).toBe(data.machines.filter((m) => m.customerId === 'customer-1001').length);

    const models = await call<Page<{ machineCount: number }>>('GET', '/machine-model?perPage=100', { as: maria });
    expect(models.body.meta.total).toBe(8);
    expect(models.body.data.reduce((sum, m) => sum + m.machineCount, 0)).toBe(60);

    const machines = await call<Page<{ id: string; deviceId: string | null; device: { name: string } | null }>>('GET', '/machine?perPage=100', {
      as: maria,
    });
    expect(machines.body.meta.total).toBe(60);
    const first = machines.body.data.find((m) => m.id === id('machine-1001'));
    expect(first?.deviceId).toBe(id('device-1001'));
    expect(first?.device?.name).toBe(data.devices.find((d) => d.id === 'device-1001')?.name);
    expect(machines.body.data.filter((m) => m.device !== null)).toHaveLength(50);

    const theirs = await call<Page<{ name: string; customerName: string }>>('GET', '/machine', { as: serra });
    expect(theirs.body.data).toMatchObject([{ name: 'PT-5 Pouso Alegre', customerName: expect.any(String) }]);
  });

  it('answers each customer’s seeded machineCount', async () => {
    const { maria, id, data } = await seedFleet();
    const customers = await call<Page<{ id: string; machineCount: number }>>('GET', '/customer?perPage=100', { as: maria });
    const valeDoAco = customers.body.data.find((c) => c.id === id('customer-1001'));
    expect(valeDoAco?.machineCount).toBe(data.machines.filter((m) => m.customerId === 'customer-1001').length);
  });
});
