// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addressesWithFlows, applyWithRollback, cutConnections, diffFromDump, diffPeers, render } from '../apply';
import { planState } from '../render-plan';
import { fakeRunner, KEYS, lines, NOW, sampleState } from './fixtures';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ponte-hub-apply-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const NETWORK = { address: '10.88.0.1/16', networks: ['10.86.0.0/16', '10.87.0.0/16', '10.88.0.0/16', '10.128.0.0/9'] };
const rendered = (now: number, state = sampleState()) => render(planState(state, now), KEYS.hubPrivate, 'ponte0');

describe('applyWithRollback', () => {
  it('replaces the table and syncs the peers, then sets the address and routes; the key file is gone after', async () => {
    const modes: number[] = [];
    const runner = fakeRunner({
      override: (command, args) => {
        if (command === 'wg' && args[0] === 'syncconf') modes.push(statSync(args[2] ?? '').mode & 0o777);
        return undefined;
      },
    });
    const next = rendered(NOW);
    const outcome = await applyWithRollback({ runner, iface: 'ponte0', stateDir: dir }, next, null, null);
    expect(outcome).toEqual({ ok: true });
    const commands = lines(runner.calls);
    expect([...commands.slice(0, 2).sort(), ...commands.slice(2)]).toEqual([
      `nft -f ${dir}/ponte_hub.nft`,
      `wg syncconf ponte0 ${dir}/wg-syncconf.${process.pid}.conf`,
      'ip address replace 10.88.0.1/16 dev ponte0',
      'ip route replace 10.86.0.0/16 dev ponte0',
      'ip route replace 10.87.0.0/16 dev ponte0',
      'ip route replace 10.88.0.0/16 dev ponte0',
      'ip route replace 10.128.0.0/9 dev ponte0',
    ]);
    expect(runner.calls.find((call) => call.command === 'nft')?.file).toBe(next.nftables);
    expect(runner.calls.find((call) => call.command === 'wg')?.file).toBe(next.wireguard);
    expect(modes).toEqual([0o600]);
    expect(readdirSync(dir)).toEqual(['ponte_hub.nft']);
  });

  it('skips address and routes when they did not change', async () => {
    const runner = fakeRunner();
    await applyWithRollback({ runner, iface: 'ponte0', stateDir: dir }, rendered(NOW), null, NETWORK);
    expect(lines(runner.calls).map((line) => line.split(' ')[0]).sort()).toEqual(['nft', 'wg']);
  });

  it('puts the previous state back when wg syncconf fails', async () => {
    const runner = fakeRunner({
      override: (command, args) =>
        command === 'wg' && args[0] === 'syncconf' && runner.calls.filter((call) => call.command === 'wg').length === 1
          ? { code: 1, stderr: 'Line unrecognized: `AllowedIPs=bogus\'\nConfiguration parsing error' }
          : undefined,
    });
    const previous = rendered(NOW, sampleState({ peers: [] }));
    const next = rendered(NOW);
    const outcome = await applyWithRollback({ runner, iface: 'ponte0', stateDir: dir }, next, previous, NETWORK);
    expect(outcome).toEqual({
      ok: false,
      error: `Falha em "wg syncconf ponte0 ${dir}/wg-syncconf.${process.pid}.conf" (código 1): Line unrecognized: \`AllowedIPs=bogus' Configuration parsing error`,
      rolledBack: true,
      rollbackError: null,
    });
    // Table and peers run together: each pair in either order, the previous pair after the new one.
    const pairs = runner.calls.map((call) => [call.command, call.file]);
    expect([pairs.slice(0, 2).sort(), pairs.slice(2).sort()]).toEqual([
      [
        ['nft', next.nftables],
        ['wg', next.wireguard],
      ],
      [
        ['nft', previous.nftables],
        ['wg', previous.wireguard],
      ],
    ]);
    expect(readdirSync(dir)).toEqual(['ponte_hub.nft']);
  });

  it('says so when there is nothing to go back to, or going back fails too', async () => {
    const failing = fakeRunner({ override: (command) => (command === 'nft' ? { code: 1, stderr: 'Error: syntax error' } : undefined) });
    expect(await applyWithRollback({ runner: failing, iface: 'ponte0', stateDir: dir }, rendered(NOW), null, NETWORK)).toEqual({
      ok: false,
      error: `Falha em "nft -f ${dir}/ponte_hub.nft" (código 1): Error: syntax error`,
      rolledBack: false,
      rollbackError: null,
    });
    const outcome = await applyWithRollback({ runner: failing, iface: 'ponte0', stateDir: dir }, rendered(NOW), rendered(NOW), NETWORK);
    expect(outcome).toMatchObject({ ok: false, rolledBack: false, rollbackError: `Falha em "nft -f ${dir}/ponte_hub.nft" (código 1): Error: syntax error` });
  });
});

describe('diffPeers', () => {
  it('cuts the connections of an expired session, not of a gateway', () => {
    const before = planState(sampleState(), NOW).peers.length;
    expect(before).toBe(3);
    const later = NOW + 30 * 60_000;
    const state = sampleState();
    state.peers = state.peers.filter((peer) => peer.id !== 'gw-1');
    expect(diffPeers(planState(sampleState(), NOW), planState(state, later))).toEqual({
      added: [],
      removed: ['gw-1', 'sess-1'],
      cut: ['10.86.0.5'],
    });
  });

  it('cuts a VPN user whose reach shrank, and lists the added peers', () => {
    const state = sampleState();
    state.peers = state.peers.map((peer) => (peer.kind === 'user' ? { ...peer, reach: [] } : peer));
    state.peers.push({ kind: 'gateway', id: 'gw-2', publicKey: KEYS.other, allowedIps: ['10.88.0.3/32'] });
    expect(diffPeers(planState(sampleState(), NOW), planState(state, NOW))).toEqual({ added: ['gw-2'], removed: [], cut: ['10.87.0.2'] });
  });

  it('after a restart, compares with the peers the interface holds', () => {
    const dump = [
      { publicKey: KEYS.expired, endpoint: null, allowedIps: ['10.86.0.6/32'], latestHandshake: 0, rxBytes: 0, txBytes: 0, persistentKeepalive: null },
      { publicKey: KEYS.gateway, endpoint: null, allowedIps: ['10.88.0.2/32'], latestHandshake: 0, rxBytes: 0, txBytes: 0, persistentKeepalive: null },
    ];
    expect(diffFromDump(dump, planState(sampleState(), NOW))).toEqual({ added: ['user-1', 'sess-1'], removed: [KEYS.expired], cut: ['10.86.0.6'] });
  });
});

describe('cutConnections', () => {
  it('deletes both directions and takes "0 flow entries" as done', async () => {
    const runner = fakeRunner({
      override: (_command, args) =>
        args[2] === '10.86.0.9' ? { code: 2, stderr: 'conntrack v1.4.7 (conntrack-tools): Operation failed: invalid parameters' } : { code: 1, stderr: 'conntrack v1.4.7 (conntrack-tools): 0 flow entries have been deleted.' },
    });
    expect(await cutConnections(runner, ['10.86.0.5', '10.86.0.9'])).toEqual([
      'conntrack -D -s 10.86.0.9: conntrack v1.4.7 (conntrack-tools): Operation failed: invalid parameters',
      'conntrack -D -d 10.86.0.9: conntrack v1.4.7 (conntrack-tools): Operation failed: invalid parameters',
    ]);
    expect(lines(runner.calls)).toEqual([
      'conntrack -D -s 10.86.0.5',
      'conntrack -D -d 10.86.0.5',
      'conntrack -D -s 10.86.0.9',
      'conntrack -D -d 10.86.0.9',
    ]);
  });

  it('for many addresses lists the flows once and deletes only where there are some', async () => {
    const listing = [
      'tcp      6 431999 ESTABLISHED src=10.86.0.7 dst=10.130.1.10 sport=40000 dport=80 src=10.130.1.10 dst=10.86.0.7 sport=80 dport=40000 [ASSURED] mark=0 use=1',
      'udp      17 29 src=10.130.1.10 dst=10.87.0.4 sport=47808 dport=47808 [UNREPLIED] src=10.87.0.4 dst=10.130.1.10 sport=47808 dport=47808 mark=0 use=1',
    ].join('\n');
    expect(addressesWithFlows(listing, ['10.86.0.5', '10.86.0.7', '10.87.0.4'])).toEqual(['10.86.0.7', '10.87.0.4']);
    const runner = fakeRunner({ override: (_command, args) => (args[0] === '-L' ? { stdout: listing } : undefined) });
    const many = ['10.86.0.1', '10.86.0.2', '10.86.0.3', '10.86.0.5', '10.86.0.6', '10.86.0.7'];
    expect(await cutConnections(runner, many)).toEqual([]);
    expect(lines(runner.calls)).toEqual(['conntrack -L -f ipv4', 'conntrack -D -s 10.86.0.7', 'conntrack -D -d 10.86.0.7']);
  });
});
