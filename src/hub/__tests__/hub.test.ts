// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubDesiredState, HubReport } from '@/contracts/hub';
import { ApiError, type HubApi } from '../api';
import { Hub, RETRY_FAILED_MS } from '../hub';
import { memoryLogger } from '../log';
import { loadState, statePath } from '../store';
import { fakeRunner, KEYS, lines, NOW, sampleState, type Override } from './fixtures';

let dir = '';
let clock = NOW;
const hubs: Hub[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ponte-hub-loop-'));
  clock = NOW;
});
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface FakeApi extends HubApi {
  state: HubDesiredState | Error;
  reports: HubReport[];
}

function fakeApi(state: HubDesiredState | Error): FakeApi {
  const api: FakeApi = {
    state,
    reports: [] as HubReport[],
    async getState() {
      if (api.state instanceof Error) throw api.state;
      return api.state;
    },
    async postReport(report: HubReport) {
      api.reports.push(report);
      return null;
    },
  };
  return api;
}

const DUMP = `${KEYS.hubPrivate}\tPUB\t51820\toff\n${KEYS.gateway}\t(none)\t203.0.113.7:41234\t10.88.0.2/32,10.130.1.0/24\t1764403000\t10\t20\t25\n`;

function makeHub(api: HubApi, override?: Override) {
  const runner = fakeRunner({ dump: DUMP, ...(override ? { override } : {}) });
  const logger = memoryLogger();
  const hub = new Hub({
    iface: 'ponte0',
    stateDir: dir,
    listenPort: null,
    pollIntervalMs: 5000,
    reportIntervalMs: 30000,
    runner,
    api,
    logger,
    privateKey: KEYS.hubPrivate,
    publicKey: KEYS.session,
    implementation: 'wireguard-go',
    network: { address: '10.88.0.1/16', networks: [] },
    conntrack: true,
    now: () => clock,
  });
  hubs.push(hub);
  return { hub, runner, logger };
}

const applied = (logger: ReturnType<typeof memoryLogger>) => logger.lines.filter((line) => line.event === 'applied');

describe('Hub', () => {
  it('applies a new version, saves it, logs one line and reports', async () => {
    const api = fakeApi(sampleState());
    const { hub, runner, logger } = makeHub(api);
    await hub.poll();
    expect(hub.appliedState?.version).toBe('v1');
    const commands = lines(runner.calls).filter((line) => !line.startsWith('ip route'));
    expect([commands[0], ...commands.slice(1, 3).sort(), ...commands.slice(3)]).toEqual([
      'wg show ponte0 dump',
      `nft -f ${dir}/ponte_hub.nft`,
      `wg syncconf ponte0 ${dir}/wg-syncconf.${process.pid}.conf`,
      'wg show ponte0 dump',
    ]);
    expect(applied(logger)).toEqual([
      { level: 'info', event: 'applied', version: 'v1', reason: 'poll', peers: 3, added: ['user-1', 'sess-1'], removed: [], cut: 0, expired: 1, skipped: 0, ms: expect.any(Number) },
    ]);
    expect(await loadState(statePath(dir))).toEqual(sampleState());
    expect(statSync(statePath(dir)).mode & 0o777).toBe(0o600);
    await vi.waitFor(() => expect(api.reports).toHaveLength(1));
    expect(api.reports[0]).toEqual({
      publicKey: KEYS.session,
      appliedVersion: 'v1',
      health: { ok: true, implementation: 'wireguard-go', startedAt: NOW },
      peers: [{ publicKey: KEYS.gateway, latestHandshake: 1764403000, rxBytes: 10, txBytes: 20 }],
    });
    // The same version again: nothing to do.
    await hub.poll();
    expect(applied(logger)).toHaveLength(1);
  });

  it('with the API failing, keeps the state, logs once, and still ends a session on time and cuts it', async () => {
    const api = fakeApi(sampleState());
    const { hub, runner, logger } = makeHub(api);
    await hub.poll();
    expect(hub.nextChangeAt).toBe(NOW + 30 * 60_000);
    api.state = new ApiError('API VPN respondeu 500 (state): boom.', 500);
    runner.calls.length = 0;
    await hub.poll();
    await hub.poll();
    expect(runner.calls.filter((call) => call.command === 'nft')).toEqual([]);
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([
      { level: 'error', event: 'state-fetch-failed', error: 'API VPN respondeu 500 (state): boom.', failures: 1 },
    ]);

    clock = NOW + 30 * 60_000;
    await hub.poll();
    const nft = runner.calls.find((call) => call.command === 'nft')?.file ?? '';
    const wg = runner.calls.find((call) => call.command === 'wg' && call.args[0] === 'syncconf')?.file ?? '';
    expect(nft).not.toContain('10.86.0.5');
    expect(nft).toContain('10.87.0.2 . 10.130.1.0/24');
    expect(wg).not.toContain(KEYS.session);
    expect(lines(runner.calls).filter((line) => line.startsWith('conntrack'))).toEqual([
      'conntrack -D -s 10.86.0.5',
      'conntrack -D -d 10.86.0.5',
    ]);
    expect(applied(logger).at(-1)).toMatchObject({ version: 'v1', reason: 'expiry', peers: 2, removed: ['sess-1'], cut: 1 });
    expect(hub.nextChangeAt).toBeNull();

    api.state = sampleState();
    await hub.poll();
    expect(logger.lines.at(-1)).toEqual({ level: 'info', event: 'state-fetch-recovered', failures: 3 });
  });

  it('logs a different API error, and the same one again after a minute', async () => {
    const api = fakeApi(new ApiError('API VPN inacessível (state): sem resposta em 5000 ms.'));
    const { hub, logger } = makeHub(api);
    await hub.poll();
    api.state = new ApiError('API VPN respondeu JSON inválido (state).');
    await hub.poll();
    await hub.poll();
    clock += 60_000;
    await hub.poll();
    expect(logger.lines.map((line) => [line.error, line.failures])).toEqual([
      ['API VPN inacessível (state): sem resposta em 5000 ms.', 1],
      ['API VPN respondeu JSON inválido (state).', 2],
      ['API VPN respondeu JSON inválido (state).', 4],
    ]);
  });

  it('after a restart applies the saved state before the API answers, and cuts peers the interface still held', async () => {
    const first = makeHub(fakeApi(sampleState()));
    await first.hub.poll();
    first.hub.stop();

    const api = fakeApi(new ApiError('API VPN inacessível (state): fetch failed.'));
    const { hub, runner, logger } = makeHub(api);
    runner.dump = `${DUMP}${KEYS.expired}\t(none)\t(none)\t10.86.0.6/32\t0\t0\t0\toff\n`;
    await hub.start(await loadState(statePath(dir)));
    expect(hub.appliedState?.version).toBe('v1');
    expect(applied(logger)).toEqual([expect.objectContaining({ version: 'v1', reason: 'restart', removed: [KEYS.expired], cut: 1 })]);
    expect(lines(runner.calls).filter((line) => line.startsWith('conntrack'))).toEqual(['conntrack -D -s 10.86.0.6', 'conntrack -D -d 10.86.0.6']);
    expect(logger.lines.at(-1)).toMatchObject({ event: 'state-fetch-failed' });
  });

  it('keeps the previous state when a new one cannot be applied, reports why, and retries later', async () => {
    const api = fakeApi(sampleState());
    const { hub, runner, logger } = makeHub(api, (command, args) =>
      command === 'wg' && args[0] === 'syncconf' && readFileSync(args[2] ?? '', 'utf8').includes(KEYS.other)
        ? { code: 1, stderr: 'Unable to modify interface: Invalid argument' }
        : undefined,
    );
    await hub.poll();
    const v2 = sampleState({ version: 'v2' });
    v2.peers.push({ kind: 'gateway', id: 'gw-2', publicKey: KEYS.other, allowedIps: ['10.88.0.3/32'] });
    api.state = v2;
    runner.calls.length = 0;
    await hub.poll();

    const file = `${dir}/wg-syncconf.${process.pid}.conf`;
    const message = `Não foi possível aplicar o estado v2: Falha em "wg syncconf ponte0 ${file}" (código 1): Unable to modify interface: Invalid argument. O estado anterior continua aplicado.`;
    expect(hub.appliedState?.version).toBe('v1');
    expect(hub.health).toEqual({ ok: false, message });
    const applying = runner.calls.filter((call) => call.args[0] !== 'show');
    const steps = applying.map((call) => [call.command, call.args[0], call.file?.includes(KEYS.other)]);
    expect([steps.slice(0, 2).sort(), steps.slice(2).sort()]).toEqual([
      [
        ['nft', '-f', false],
        ['wg', 'syncconf', true],
      ],
      [
        ['nft', '-f', false],
        ['wg', 'syncconf', false],
      ],
    ]);
    expect(logger.lines.at(-1)).toMatchObject({ level: 'error', event: 'apply-failed', version: 'v2', rolledBack: true, rollbackError: null });
    await vi.waitFor(() => expect(api.reports.at(-1)?.health).toEqual({ ok: false, message, implementation: 'wireguard-go', startedAt: NOW }));
    expect(api.reports.at(-1)?.appliedVersion).toBe('v1');
    expect((await loadState(statePath(dir)))?.version).toBe('v1');

    runner.calls.length = 0;
    await hub.poll();
    expect(runner.calls.filter((call) => call.command === 'nft')).toEqual([]);
    clock += RETRY_FAILED_MS;
    runner.override = undefined;
    await hub.poll();
    expect(hub.appliedState?.version).toBe('v2');
    expect(hub.health).toEqual({ ok: true });
  });

  it('refuses a state whose hub address is invalid without touching anything', async () => {
    const api = fakeApi(sampleState({ hub: { id: 'h', address: '10.88.0.1', listenPort: 51820, networks: [] } }));
    const { hub, runner } = makeHub(api);
    await hub.poll();
    expect(runner.calls.filter((call) => call.command !== 'wg' || call.args[0] !== 'show')).toEqual([]);
    expect(hub.health).toEqual({ ok: false, message: 'Estado v1 recusado: Endereço do hub inválido: 10.88.0.1.' });
  });
});
