/**
 * GET /device/{id}: the gateway's last online/offline changes (recorded by the hubs' reports and the offline sweep),
 * newest first, at most five; only the owner's; empty while no hub reported the gateway.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, makeUid } from '../../../testing/api';
import { insertDevice } from './fixtures';

type Time = { seconds: number; nanos: number };
const seconds = (ms: number): Time => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 });

describe('GET /device/{id}: status history', () => {
  it('answers the last five changes, newest first, the owner’s only', async () => {
    const owner = makeUid();
    const quiet = await insertDevice(owner);
    expect((await call<{ statusHistory: unknown[] }>('GET', `/device/${quiet.id}`, { as: owner })).body.statusHistory).toEqual([]);

    const gateway = await insertDevice(owner, { status: 'online' });
    const base = 1_780_000_000_000;
    for (let i = 0; i < 7; i += 1) {
      await env.DB.prepare('INSERT INTO device_status_event (id, owner_uid, device_id, status, at) VALUES (?, ?, ?, ?, ?)')
        .bind(`dse-${gateway.id}-${i}`, i === 6 ? 'someone-else' : owner, gateway.id, i % 2 === 0 ? 'online' : 'offline', base + i * 60_000)
        .run();
    }
    const answer = await call<{ statusHistory: Array<{ status: string; changedAt: Time }> }>('GET', `/device/${gateway.id}`, { as: owner });
    expect(answer.status).toBe(200);
    expect(answer.body.statusHistory).toEqual([5, 4, 3, 2, 1].map((i) => ({ status: i % 2 === 0 ? 'online' : 'offline', changedAt: seconds(base + i * 60_000) })));
  });
});
