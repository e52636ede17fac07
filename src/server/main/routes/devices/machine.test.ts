import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, makeUid } from '../../../testing/api';
import { insertDevice, insertMachine, insertInstalledDevice } from './fixtures';

type Device = { id: string; machineId: string | null; machineName: string | null; version: number };
type Refusal = { error: { code: string; message: string; field: string; deviceId: string; deviceName: string } };

async function machineRow(id: string) {
  return env.DB.prepare('SELECT device_id AS deviceId, version FROM machine WHERE id = ?')
    .bind(id)
    .first<{ deviceId: string | null; version: number }>();
}
async function deviceRow(id: string) {
  return env.DB.prepare('SELECT machine_id AS machineId, version FROM device WHERE id = ?')
    .bind(id)
    .first<{ machineId: string | null; version: number }>();
}

describe('PUT /device/:id/machine', () => {
  it('installs, refuses a machine holding another gateway unless moved, changes and removes — both sides in step', async () => {
    const owner = makeUid();
    const spare = await insertDevice(owner, { name: 'Gateway reserva 01' });
    const { device: holder, machine: taken } = await insertInstalledDevice(owner, { name: 'Gateway Prensa' });
    const free = await insertMachine(owner, { name: 'Torno CNC' });
    const link = (body: object, headers: Record<string, string> = {}) =>
      call<Device & Refusal>('PUT', `/device/${spare.id}/machine`, { as: owner, body, headers });

    const refused = await link({ machineId: taken.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'machine-has-device', field: 'machineId', deviceId: holder.id, deviceName: holder.name });
    expect(refused.body.error.message).toBe(
      `A máquina ${taken.name} já tem o dispositivo ${holder.name}. Deseja mover o dispositivo ${holder.name} para fora dela e vincular este?`,
    );

    const moved = await link({ machineId: taken.id, move: true });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ machineId: taken.id, machineName: taken.name, version: 2 });
    expect(await machineRow(taken.id)).toEqual({ deviceId: spare.id, version: 2 });
    expect(await deviceRow(holder.id)).toEqual({ machineId: null, version: 2 });

    const changed = await link({ machineId: free.id });
    expect(changed.body).toMatchObject({ machineId: free.id, machineName: free.name, version: 3 });
    expect(await machineRow(taken.id)).toEqual({ deviceId: null, version: 3 });
    expect(await machineRow(free.id)).toEqual({ deviceId: spare.id, version: 2 });

    const again = await link({ machineId: free.id });
    expect(again.body.version).toBe(3);

    const removed = await link({ machineId: null });
    expect(removed.body).toMatchObject({ machineId: null, machineName: null, version: 4 });
    expect(await machineRow(free.id)).toEqual({ deviceId: null, version: 3 });

    const foreignMachine = await insertMachine(makeUid());
    const foreign = await link({ machineId: foreignMachine.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: { code: 'not-found', message: 'Máquina não encontrada.', field: 'machineId' } });
    const blank = await link({ machineId: '' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: { code: 'validation', message: 'Escolha uma máquina.', field: 'machineId' } });

    const stale = await link({ machineId: free.id }, { 'If-Match': '1' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: 'version-conflict', current: { id: spare.id, version: 4 } } });
    expect(await machineRow(free.id)).toEqual({ deviceId: null, version: 3 });
    const current = await link({ machineId: free.id }, { 'If-Match': '4' });
    expect(current.body).toMatchObject({ machineId: free.id, version: 5 });
  });
});
