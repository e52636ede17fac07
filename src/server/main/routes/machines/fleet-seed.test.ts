import { describe, expect, it } from 'vitest';
import { parseCidr } from '@/contracts/tunnel';
import { buildSeed } from '@/seed';
import { LAB_FACTORIES, LAB_LAN } from '@/seed/lab';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import { fleetSeed } from '../../../demo/seed/fleet';
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

describe('the demo seed’s tunnel subnets and the lab’s factories (issue 34)', () => {
  type Row = { id: string; lanSubnet: string; tunnelSubnet: string | null; tunnelStart: number | null; tunnelEnd: number | null };

  it('gives every seeded machine with a LAN a tunnel subnet of its size, unique, the same for the same seed', () => {
    const now = Date.UTC(2026, 10, 20);
    const rows = (fleetSeed(buildSeed({ now, extraMachines: 300 }))[2]?.rows ?? []) as Row[];
    expect(rows).toHaveLength(61 + 300);
    const starts = new Set<number>();
    for (const row of rows) {
      const lan = parseCidr(row.lanSubnet);
      const tunnel = parseCidr(row.tunnelSubnet ?? '');
      expect(lan, row.id).not.toBeNull();
      expect(tunnel?.prefix, row.id).toBe(lan?.prefix);
      expect([row.tunnelStart, row.tunnelEnd]).toEqual([tunnel?.start, tunnel?.end]);
      expect(tunnel && tunnel.start >= (parseCidr('10.128.0.0/9')?.start ?? 0)).toBe(true);
      starts.add(row.tunnelStart ?? -1);
    }
    expect(starts.size).toBe(rows.length);
    const again = (fleetSeed(buildSeed({ now: now + 1000, extraMachines: 300 }))[2]?.rows ?? []) as Row[];
    expect(again.map((row) => row.tunnelSubnet)).toEqual(rows.map((row) => row.tunnelSubnet));
    expect(rows[0]).toMatchObject({ id: 'machine-1001', tunnelSubnet: '10.128.0.0/24' });
  });

  it('has the lab’s two machines on 192.168.0.0/24 at two customers, behind online gateways, with HTTP and Modbus', () => {
    const data = buildSeed({ now: Date.UTC(2026, 10, 20) });
    const [a, b] = LAB_FACTORIES;
    expect(a.customerId).not.toBe(b.customerId);
    for (const factory of LAB_FACTORIES) {
      const machine = data.machines.find((m) => m.id === factory.machineId);
      expect(machine).toMatchObject({ name: factory.machineName, lanSubnet: LAB_LAN, customerId: factory.customerId, deviceId: factory.deviceId });
      expect(machine?.services?.map((service) => [service.protocol, service.port])).toEqual(
        expect.arrayContaining([['http', 80], ['modbus-tcp', 502]]),
      );
      expect(data.devices.find((d) => d.id === factory.deviceId)?.status).toBe('online');
      const customer = data.customers.find((c) => c.id === factory.customerId);
      expect(customer).toMatchObject({ name: factory.customerName, requireFactoryApproval: false });
    }
    const tunnels = LAB_FACTORIES.map((factory) => data.machines.find((m) => m.id === factory.machineId)?.tunnelSubnet);
    expect(new Set(tunnels).size).toBe(2);
    expect(data.machines.filter((m) => m.lanSubnet === LAB_LAN).map((m) => m.id).sort()).toEqual(LAB_FACTORIES.map((f) => f.machineId).sort());
  });
});
