import { describe, expect, it } from 'vitest';
import { createDb } from '../db';

const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

describe('createDb (the unit tests\' in-memory data)', () => {
  it('each database starts from its own copy of the seed, and reset puts it back', () => {
    const first = createDb({ seed: { now: NOW } });
    const second = createDb({ seed: { now: NOW } });
    const customer = first.data.customers[0];
    if (!customer) throw new Error('seed sem clientes');
    customer.name = 'Alterado';
    expect(second.data.customers[0]?.name).not.toBe('Alterado');
    first.reset();
    expect(first.data.customers[0]?.name).toBe(second.data.customers[0]?.name);
  });

  it('hands out readable ids in sequence, per kind', () => {
    const db = createDb({ seed: { now: NOW } });
    const a = db.nextId('test');
    const b = db.nextId('test');
    expect(a).toMatch(/^test-\d+$/);
    expect(Number(b.slice(5))).toBe(Number(a.slice(5)) + 1);
  });

  it('the large seed has 10 000 more machines and gateways with history', () => {
    const db = createDb({ seed: { now: NOW, extraMachines: 10_000 } });
    expect(db.data.seed).toBe('large');
    expect(db.data.machines.length).toBeGreaterThanOrEqual(10_060);
    expect(db.data.devices.length).toBeGreaterThanOrEqual(10_070);
    expect(db.data.deviceConnections.length).toBeGreaterThan(10_000);
  });
});
