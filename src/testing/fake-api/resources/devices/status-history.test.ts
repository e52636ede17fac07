/** The fake's `statusHistory` of GET /device/:id (issue 34): the seed's, one recorded on coming online, none. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_CUSTOMER_UID, DEMO_UNCLAIMED_SETUP_CODES } from '@/seed';
import { call, json } from '@/testing/demo-api';
import { makeTestToken } from '@/testing/fake-api/token';
import { testDb } from '@/testing/msw-server';
import { DEVICE_ONLINE_DELAY_MS } from './records';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

type Time = { seconds: number; nanos: number };
interface ApiDetail {
  status: string;
  lastSeenAt: Time | null;
  statusHistory: Array<{ status: 'online' | 'offline'; changedAt: Time }>;
}

const detail = async (id: string) => json<ApiDetail>(await call(`/device/${id}`, { token: maria }));

function seeded(status: string) {
  const device = testDb().data.devices.find((d) => d.ownerUid === DEMO_CUSTOMER_UID && d.status === status);
  if (!device) throw new Error(`seed sem dispositivo ${status}`);
  return device;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /device/:id statusHistory (fake)', () => {
  it('a seeded online gateway: a short history, newest first, the newest an "online" before it was last seen', async () => {
    const body = await detail(seeded('online').id);
    const history = body.statusHistory;
    expect(history.map((event) => event.status)).toEqual(['online', 'offline', 'online']);
    const times = history.map((event) => event.changedAt.seconds);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]).toBeLessThan(body.lastSeenAt?.seconds ?? 0);
    // The same answer on every request.
    expect((await detail(seeded('online').id)).statusHistory).toEqual(history);
  });

  it('a seeded offline gateway went offline after it was last seen; a never-connected one has none', async () => {
    const offline = await detail(seeded('offline').id);
    expect(offline.statusHistory[0]?.status).toBe('offline');
    expect(offline.statusHistory[0]?.changedAt.seconds).toBeGreaterThan(offline.lastSeenAt?.seconds ?? Infinity);
    expect((await detail(seeded('never-connected').id)).statusHistory).toEqual([]);
  });

  it('records the transition when a gateway comes online after its configuration download', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const code = DEMO_UNCLAIMED_SETUP_CODES[0] ?? '';
    await call('/device/claim', { method: 'POST', token: maria, body: JSON.stringify({ code }) });
    const device = testDb().data.devices.find((d) => d.setupCode === code);
    if (!device) throw new Error('sem dispositivo');
    await call(`/auth-download?deviceId=${device.id}`, { method: 'POST', token: maria });
    expect((await detail(device.id)).statusHistory).toEqual([]);

    vi.setSystemTime(start + DEVICE_ONLINE_DELAY_MS + 1000);
    const after = await detail(device.id);
    expect(after.status).toBe('online');
    expect(after.statusHistory).toEqual([{ status: 'online', changedAt: after.lastSeenAt }]);
  });
});
