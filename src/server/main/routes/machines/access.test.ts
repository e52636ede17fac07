import { describe, expect, it } from 'vitest';
import { call } from '../../../testing/api';
import { seedFleet } from './__tests__/fixtures';

type Ts = { seconds: number; nanos: number };
interface ApiAccess {
  id: string;
  userName: string;
  userEmail: string;
  publicIp: string;
  startedAt: Ts;
  endedAt: Ts | null;
  durationSeconds: number;
  bytesIn: number;
  bytesOut: number;
}
type Page = { data: ApiAccess[]; meta: { page: number; perPage: number; total: number } };

const DAY = 86_400_000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('/machine/{id}/access', () => {
  it('pages the sessions of the machine, newest first, by period', async () => {
    const { maria, id, data } = await seedFleet({ devices: true });
    const machineId = id('machine-1001');
    const all = data.deviceConnections.filter((c) => c.machineId === 'machine-1001');
    expect(all.length).toBeGreaterThan(1);
    const history = async (query: string) => (await call<Page>('GET', `/machine/${machineId}/access?${query}`, { as: maria })).body;

    const page = await history('perPage=10');
    expect(page.meta).toEqual({ page: 1, perPage: 10, total: all.length });
    const starts = page.data.map((entry) => entry.startedAt.seconds);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const entry = page.data[0];
    expect(entry).toMatchObject({ userName: expect.any(String), userEmail: expect.any(String), publicIp: expect.stringMatching(/^177\./) });
    expect(entry).not.toHaveProperty('ownerUid');
    for (const session of page.data) {
      if (session.endedAt) expect(session.durationSeconds).toBe(session.endedAt.seconds - session.startedAt.seconds);
      else expect(session.durationSeconds).toBeGreaterThanOrEqual(25 * 60);
    }
    const oldest = await history('sort=startedAt');
    expect(oldest.data.map((e) => e.startedAt.seconds)).toEqual([...starts].sort((a, b) => a - b));

    const week = await history('days=7');
    expect(week.meta.total).toBe(all.filter((c) => c.startedAt >= Date.now() - 7 * DAY).length);
    const from = utcDate(Date.now() - 20 * DAY);
    const to = utcDate(Date.now() - 10 * DAY);
    const dates = await history(`from=${from}&to=${to}`);
    const inRange = all.filter((c) => c.startedAt >= Date.parse(`${from}T00:00:00Z`) && c.startedAt < Date.parse(`${to}T00:00:00Z`) + DAY);
    expect(dates.meta.total).toBe(inRange.length);
    expect((await history('from=ontem')).meta.total).toBe(all.length);
  });

  it('pages never overlap nor skip a session', async () => {
    const { maria, id, data } = await seedFleet({ devices: true });
    const machineId = id('machine-1001');
    const total = data.deviceConnections.filter((c) => c.machineId === 'machine-1001').length;
    const ids = new Set<string>();
    for (let page = 1; page <= total; page += 1) {
      const result = (await call<Page>('GET', `/machine/${machineId}/access?perPage=10&page=${page}`, { as: maria })).body;
      result.data.forEach((entry) => ids.add(entry.id));
      if (result.data.length < 10) break;
    }
    expect(ids.size).toBe(total);
  });

  it('answers an empty history for a machine without sessions, and 404 for an unknown one', async () => {
    const { maria, id } = await seedFleet();
    const empty = await call<Page>('GET', `/machine/${id('machine-1060')}/access`, { as: maria });
    expect(empty.body).toEqual({ data: [], meta: { page: 1, perPage: 20, total: 0 } });
    const unknown = await call('GET', '/machine/machine-9999/access', { as: maria });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not-found', message: 'Máquina não encontrada.' } });
  });
});
