/** Shared test data: keys, a desired state with a gateway, a user and two sessions, and a fake command runner. */
import { readFileSync } from 'node:fs';
import type { HubDesiredState } from '@/contracts/hub';
import type { CommandResult, Runner } from '../run';

export const KEYS = {
  hubPrivate: '6AvibCpGsTTpEsFMe6vrqA1IWBA+xlI0kzBI0iTDCFQ=',
  gateway: '5ySjLD8pu3pxmar6JrWXBL6pBzofonH72pdaPRKRhWM=',
  user: 'ZVnUPRBFZW/gj4u7HBZHQCba/1MgM9zI5QEkj9/tWAU=',
  session: 'gU7+Rr+0WaDiFj80eMKF94ZfmR0JJh9FIR4kSnXPY2g=',
  expired: 'fZcK9hs9hDe6W+bBD6V+jv3D4sbQSC/FFMJ61c2zjWY=',
  other: 'D9+3GA1ebHyZZqbNLluzpJnAJxHTdE/YCceKxui/uUA=',
} as const;

/** 2026-11-29T08:00:00Z */
export const NOW = Date.UTC(2026, 10, 29, 8, 0, 0);

export function sampleState(overrides: Partial<HubDesiredState> = {}): HubDesiredState {
  return {
    hub: {
      id: 'hub-sp',
      address: '10.88.0.1/16',
      listenPort: 51820,
      networks: ['10.86.0.0/16', '10.87.0.0/16', '10.88.0.0/16', '10.128.0.0/9'],
    },
    version: 'v1',
    generatedAt: NOW,
    peers: [
      { kind: 'gateway', id: 'gw-1', publicKey: KEYS.gateway, allowedIps: ['10.88.0.2/32', '10.130.1.0/24'] },
      {
        kind: 'user',
        id: 'user-1',
        publicKey: KEYS.user,
        allowedIps: ['10.87.0.2/32'],
        reach: ['10.130.1.0/24'],
        expiresAt: null,
      },
      {
        kind: 'session',
        id: 'sess-1',
        publicKey: KEYS.session,
        allowedIps: ['10.86.0.5/32'],
        reach: { network: '10.130.1.0/24', tcp: [502, 80], udp: [] },
        expiresAt: NOW + 30 * 60_000,
      },
      {
        kind: 'session',
        id: 'sess-old',
        publicKey: KEYS.expired,
        allowedIps: ['10.86.0.6/32'],
        reach: { network: '10.130.1.0/24', tcp: [502], udp: [] },
        expiresAt: NOW - 1,
      },
    ],
    ...overrides,
  };
}

export interface Call {
  command: string;
  args: string[];
  /** The content of the file given to `nft -f` / `wg syncconf`, read when it ran. */
  file?: string;
}

export type Override = (command: string, args: string[]) => Partial<CommandResult> | undefined;

/** Records every command; answers 0 unless `override` says otherwise; `wg show … dump` answers `dump`. */
export function fakeRunner(options: { override?: Override; dump?: string } = {}): Runner & { calls: Call[]; override?: Override; dump: string } {
  const runner = {
    calls: [] as Call[],
    override: options.override,
    dump: options.dump ?? `${KEYS.hubPrivate}\tPUB\t51820\toff\n`,
    async run(command: string, args: readonly string[]): Promise<CommandResult> {
      const call: Call = { command, args: [...args] };
      if (command === 'nft' && args[0] === '-f') call.file = readFileSync(args[1] ?? '', 'utf8');
      if (command === 'wg' && args[0] === 'syncconf') call.file = readFileSync(args[2] ?? '', 'utf8');
      runner.calls.push(call);
      const forced = runner.override?.(command, [...args]);
      if (forced) return { code: 0, stdout: '', stderr: '', ...forced };
      if (command === 'wg' && args[0] === 'show') return { code: 0, stdout: runner.dump, stderr: '' };
      return { code: 0, stdout: '', stderr: '' };
    },
  };
  return runner;
}

/** The calls as command lines, for exact comparisons. */
export const lines = (calls: readonly Call[]) => calls.map((call) => [call.command, ...call.args].join(' '));
