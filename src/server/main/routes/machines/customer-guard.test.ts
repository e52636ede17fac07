/**
 * Issue 35, item 2: only an Administrador changes a customer's factory approval, so only an Administrador moves a
 * machine from or to a customer that requires it (a Técnico could otherwise get round the approval).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MACHINE_CUSTOMER_APPROVAL_ADMIN_ONLY } from '@/contracts/customer';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { seedFleet } from './__tests__/fixtures';

type Machine = { id: string; customerId: string | null; version: number; error?: { code: string; message: string; field?: string } };

async function world() {
  const { maria, id } = await seedFleet({});
  const tecnico = makeUid('tecnico');
  await arrangeMember(maria, tecnico, 'tecnico');
  const input = {
    name: 'Injetora Guardada #1',
    serialNumber: 'OA-2026-7777',
    modelId: id('machine-model-1001'),
    customerId: id('customer-1005'),
    deviceId: '',
    site: 'Galpão 1',
    lanSubnet: '192.168.201.0/24',
    services: [{ name: 'IHM web', protocol: 'https', port: '443' }],
  };
  const created = await call<Machine>('POST', '/machine', { as: maria, body: input, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
  expect(created.status).toBe(201);
  const requireApproval = (customerId: string, required: boolean) =>
    env.DB.prepare('UPDATE customer SET require_factory_approval = ? WHERE id = ?').bind(required ? 1 : 0, customerId).run();
  const move = (as: string, machine: Machine, customerId: string) =>
    call<Machine>('PUT', `/machine/${machine.id}`, { as, body: { ...input, customerId }, headers: { 'If-Match': String(machine.version) } });
  return { maria, tecnico, id, machine: created.body, requireApproval, move };
}

describe('a machine moved between customers', () => {
  it('a Técnico moving a machine away from a customer that requires the approval answers 403 and changes nothing', async () => {
    const { tecnico, id, machine, requireApproval, move } = await world();
    await requireApproval(id('customer-1005'), true);
    await requireApproval(id('customer-1001'), false);
    const refused = await move(tecnico, machine, id('customer-1001'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'role-forbidden', message: MACHINE_CUSTOMER_APPROVAL_ADMIN_ONLY, field: 'customerId' });
    const row = await env.DB.prepare('SELECT customer_id AS c, version FROM machine WHERE id = ?').bind(machine.id).first<{ c: string; version: number }>();
    expect(row).toEqual({ c: id('customer-1005'), version: machine.version });
  });

  it('a Técnico moving a machine to a customer that requires the approval answers 403', async () => {
    const { tecnico, id, machine, requireApproval, move } = await world();
    await requireApproval(id('customer-1005'), false);
    await requireApproval(id('customer-1001'), true);
    expect((await move(tecnico, machine, id('customer-1001'))).status).toBe(403);
  });

  it('a Técnico moves it between customers without the approval; an Administrador moves it in any case', async () => {
    const { maria, tecnico, id, machine, requireApproval, move } = await world();
    await requireApproval(id('customer-1005'), false);
    await requireApproval(id('customer-1001'), false);
    const moved = await move(tecnico, machine, id('customer-1001'));
    expect(moved.status).toBe(200);
    await requireApproval(id('customer-1001'), true);
    const byAdmin = await move(maria, moved.body, id('customer-1005'));
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.customerId).toBe(id('customer-1005'));
  });
});
