/**
 * One apply: the nftables table (one `nft -f`) and the peers (one `wg syncconf`) together, then the interface's
 * address and routes when they changed. Any step failing puts the previous rendering back (re-rendered at the same clock, so
 * an expiry is never undone) and says why. Connections of removed peers are cut afterwards (conntrack).
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESSION_NETWORK, VPN_USER_NETWORK } from '@/contracts/hub';
import { cidrAddress, contains, parseCidr, type Cidr } from './ipv4';
import { errorMessage } from './log';
import { renderNftables } from './render-nftables';
import type { Plan, PlannedPeer } from './render-plan';
import { renderWireguard } from './render-wireguard';
import { mustRun, type Runner } from './run';
import { applyHubNetwork, sameNetwork, type HubNetwork } from './system';
import type { DumpPeer } from './wg-dump';

export interface Rendered {
  plan: Plan;
  wireguard: string;
  nftables: string;
}

export function render(plan: Plan, privateKey: string, iface: string): Rendered {
  return { plan, wireguard: renderWireguard(plan, privateKey), nftables: renderNftables(plan, iface) };
}

export interface ApplyDeps {
  runner: Runner;
  iface: string;
  stateDir: string;
}

/** Writes a file only root reads (it may hold the private key). */
async function writePrivate(path: string, content: string): Promise<void> {
  await rm(path, { force: true });
  await writeFile(path, content, { mode: 0o600, flag: 'wx' });
}

async function applyRendered(deps: ApplyDeps, next: Rendered, network: HubNetwork | null): Promise<void> {
  const nftFile = join(deps.stateDir, 'ponte_hub.nft');
  const wgFile = join(deps.stateDir, `wg-syncconf.${process.pid}.conf`);
  // The table and the peers are independent (a grant without its peer, or a peer without its grant, passes
  // nothing), so both run at once: wireguard-go takes seconds for thousands of new peers.
  const steps = await Promise.allSettled([
    writePrivate(nftFile, next.nftables).then(() => mustRun(deps.runner, 'nft', ['-f', nftFile])),
    writePrivate(wgFile, next.wireguard)
      .then(() => mustRun(deps.runner, 'wg', ['syncconf', deps.iface, wgFile]))
      .finally(() => rm(wgFile, { force: true })),
  ]);
  for (const step of steps) if (step.status === 'rejected') throw step.reason;
  if (!sameNetwork(network, next.plan.hub)) await applyHubNetwork(deps.runner, deps.iface, network, next.plan.hub);
}

export type ApplyOutcome =
  | { ok: true }
  | { ok: false; error: string; rolledBack: boolean; rollbackError: string | null };

/**
 * Applies `next`; on failure re-applies `previous` (what was enforced, re-rendered now). `network` is the address and
 * routes the interface has (null: unknown).
 */
export async function applyWithRollback(
  deps: ApplyDeps,
  next: Rendered,
  previous: Rendered | null,
  network: HubNetwork | null,
): Promise<ApplyOutcome> {
  try {
    await applyRendered(deps, next, network);
    return { ok: true };
  } catch (error) {
    if (!previous) return { ok: false, error: errorMessage(error), rolledBack: false, rollbackError: null };
    try {
      await applyRendered(deps, previous, next.plan.hub);
      return { ok: false, error: errorMessage(error), rolledBack: true, rollbackError: null };
    } catch (rollback) {
      return { ok: false, error: errorMessage(error), rolledBack: false, rollbackError: errorMessage(rollback) };
    }
  }
}

const grantKey = (peer: PlannedPeer) => JSON.stringify([peer.publicKey, peer.allowedIps, peer.reach, peer.tcp, peer.udp]);

export interface PeerDiff {
  added: string[];
  removed: string[];
  /** Engineers' addresses whose connections must be cut: removed sessions/users, or their grant changed. */
  cut: string[];
}

const ENGINEER_RANGES = [SESSION_NETWORK, VPN_USER_NETWORK].map((text) => parseCidr(text) as Cidr);

/** The /32 addresses of engineers (sessions, VPN users) among allowed IPs. */
function engineerAddresses(allowedIps: readonly string[]): string[] {
  const out: string[] = [];
  for (const ip of allowedIps) {
    const cidr = parseCidr(ip);
    if (cidr?.prefix === 32 && ENGINEER_RANGES.some((range) => contains(range, cidr))) out.push(cidrAddress(cidr));
  }
  return out;
}

/** What changed between the plan enforced and the next. */
export function diffPeers(previous: Plan, next: Plan): PeerDiff {
  const before = new Map(previous.peers.map((peer) => [peer.id, peer]));
  const after = new Map(next.peers.map((peer) => [peer.id, peer]));
  const added = next.peers.filter((peer) => !before.has(peer.id)).map((peer) => peer.id);
  const removed = previous.peers.filter((peer) => !after.has(peer.id));
  const changed = previous.peers.filter((peer) => {
    const now = after.get(peer.id);
    return now !== undefined && grantKey(now) !== grantKey(peer);
  });
  const cut = new Set([...removed, ...changed].flatMap((peer) => engineerAddresses(peer.allowedIps)));
  return { added, removed: removed.map((peer) => peer.id), cut: [...cut] };
}

/** The same after a restart, from the peers the interface holds (`wg show dump`), matched by public key. */
export function diffFromDump(dump: readonly DumpPeer[], next: Plan): PeerDiff {
  const keys = new Set(dump.map((peer) => peer.publicKey));
  const nextKeys = new Set(next.peers.map((peer) => peer.publicKey));
  const removed = dump.filter((peer) => !nextKeys.has(peer.publicKey));
  return {
    added: next.peers.filter((peer) => !keys.has(peer.publicKey)).map((peer) => peer.id),
    removed: removed.map((peer) => peer.publicKey),
    cut: [...new Set(removed.flatMap((peer) => engineerAddresses(peer.allowedIps)))],
  };
}

/** Above this many addresses, the flow table is listed once and only addresses with flows are deleted. */
const LIST_FIRST_ABOVE = 4;
const CUT_CONCURRENCY = 8;

/** The addresses (among `wanted`) that appear in `conntrack -L` output. */
export function addressesWithFlows(listing: string, wanted: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const match of listing.matchAll(/\b(?:src|dst)=(\d+\.\d+\.\d+\.\d+)/g)) if (match[1]) seen.add(match[1]);
  return wanted.filter((address) => seen.has(address));
}

/**
 * `conntrack -D -s/-d <addr>` for each address ("0 flow entries", exit 1, is fine), a few at a time; for many
 * addresses the table is listed first so only those with flows cost a command. Returns the failures.
 */
export async function cutConnections(runner: Runner, addresses: readonly string[]): Promise<string[]> {
  let targets = [...addresses];
  if (targets.length > LIST_FIRST_ABOVE) {
    const listing = await runner.run('conntrack', ['-L', '-f', 'ipv4'], { timeoutMs: 15_000 });
    if (listing.code === 0) targets = addressesWithFlows(listing.stdout, targets);
  }
  const jobs = targets.flatMap((address) => ['-s', '-d'].map((flag) => [flag, address] as const));
  const failures: string[] = [];
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const [flag, address] = job;
      const result = await runner.run('conntrack', ['-D', flag, address], { timeoutMs: 5_000 });
      if (result.code !== 0 && !/\b0 flow entries have been deleted/.test(result.stderr))
        failures.push(`conntrack -D ${flag} ${address}: ${result.stderr.trim() || `código ${result.code}`}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CUT_CONCURRENCY, jobs.length) }, worker));
  return failures;
}
