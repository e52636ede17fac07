/**
 * The profile's wait for its hub (issue 34: "Gerar acesso" → first packet ≤ 5 s): it stops as soon as the hub
 * reports the version that carries the session, gives up after its limit, and does not wait for a hub that is not
 * reporting (never registered, silent past its online window).
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { vpnHub } from '../../db/vpn-schema';
import { waitForHubApply } from './applied';
import { HUB_ONLINE_WINDOW_MS } from './queries';
import { hubDesiredState } from './state';
import { clearWorld, insertGateway, insertHub, insertMachine, insertSession, makeWgKey } from './hub-world';

const db = () => drizzle(env.DB);

/** A clock the test moves: each sleep advances it by what was asked. */
function fakeTime(onSleep: (round: number) => Promise<void> = async () => {}) {
  let now = Date.now();
  let rounds = 0;
  return {
    clock: () => now,
    sleep: async (ms: number) => {
      now += ms;
      rounds += 1;
      await onSleep(rounds);
    },
    rounds: () => rounds,
  };
}

beforeEach(async () => {
  await clearWorld();
  await insertHub('hub-1', { publicKey: makeWgKey(99), lastReportAt: Date.now(), appliedVersion: 'antiga' });
  await insertGateway('device-1', { hubId: 'hub-1', wgPublicKey: makeWgKey(1), vpnAddress: '10.88.0.10' });
  await insertMachine('machine-1', 'device-1', '10.128.0.0/24');
  await insertSession('remote-access-1', { wgPublicKey: makeWgKey(20), tunnelSubnet: '10.128.0.0/24' });
});

const currentVersion = async () => (await hubDesiredState(db(), { id: 'hub-1', endpointPort: 51820 }, Date.now())).version;

describe('waitForHubApply', () => {
  it('answers "applied" once the hub reports the version carrying the session', async () => {
    const version = await currentVersion();
    const time = fakeTime(async (round) => {
      if (round === 3) await db().update(vpnHub).set({ appliedVersion: version }).where(eq(vpnHub.id, 'hub-1'));
    });
    expect(await waitForHubApply(db(), 'hub-1', time)).toBe('applied');
    expect(time.rounds()).toBe(3);
  });

  it('answers at once when the hub already applied it', async () => {
    await db().update(vpnHub).set({ appliedVersion: await currentVersion() }).where(eq(vpnHub.id, 'hub-1'));
    const time = fakeTime();
    expect(await waitForHubApply(db(), 'hub-1', time)).toBe('applied');
    expect(time.rounds()).toBe(0);
  });

  it('gives up after its limit when the hub never applies it', async () => {
    const time = fakeTime();
    expect(await waitForHubApply(db(), 'hub-1', { ...time, limitMs: 1000 })).toBe('timed-out');
    expect(time.rounds()).toBe(10);
  });

  it('does not wait for a hub that never reported or went silent', async () => {
    await db().update(vpnHub).set({ lastReportAt: null }).where(eq(vpnHub.id, 'hub-1'));
    const never = fakeTime();
    expect(await waitForHubApply(db(), 'hub-1', never)).toBe('hub-offline');
    await db().update(vpnHub).set({ lastReportAt: Date.now() - HUB_ONLINE_WINDOW_MS - 1000 }).where(eq(vpnHub.id, 'hub-1'));
    const silent = fakeTime();
    expect(await waitForHubApply(db(), 'hub-1', silent)).toBe('hub-offline');
    expect(never.rounds() + silent.rounds()).toBe(0);
  });
});
