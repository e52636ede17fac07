/**
 * From the desired state to what the hub enforces now: every address checked against the addressing plan (the
 * API's text never reaches `wg` or `nft` unchecked), expired peers left out by the hub's own clock, and the next
 * moment the rendering changes by itself (an expiry, or an nftables element timeout coming into range).
 */
import {
  GATEWAY_NETWORK,
  HUB_NETWORKS,
  SESSION_NETWORK,
  TUNNEL_POOL,
  VPN_USER_NETWORK,
  type HubDesiredState,
  type HubPeer,
} from '@/contracts/hub';
import { contains, formatCidr, isInterfaceAddress, normaliseWithin, parseCidr, type Cidr } from './ipv4';

/**
 * The longest nftables element timeout written (the kernel refuses ~30 days); a longer grant gets its timeout when
 * it comes within this, by a re-render then.
 */
export const MAX_ELEMENT_TIMEOUT_MS = 24 * 60 * 60_000;

export interface PlannedPeer {
  kind: HubPeer['kind'];
  id: string;
  publicKey: string;
  /** Normalised networks (`10.86.0.5/32`). */
  allowedIps: string[];
  /** Tunnel subnets it may reach (a session: one). Gateways: none. */
  reach: string[];
  tcp: number[];
  udp: number[];
  expiresAt: number | null;
  /** ms left, written as the nftables elements' timeout; null when none (no end, or further than the cap). */
  timeoutMs: number | null;
}

export interface Plan {
  version: string;
  hub: { address: string; networks: string[]; listenPort: number };
  peers: PlannedPeer[];
  /** Ids left out because their end has passed. */
  expired: string[];
  /** Peers left out because of what the API sent (pt-BR reason). */
  skipped: { id: string; reason: string }[];
  /** When the rendering changes with no new state (ms since 1970); null: never. */
  nextChangeAt: number | null;
  now: number;
}

/** A state the hub cannot apply at all (its own address or networks are wrong). */
export class InvalidStateError extends Error {
  override name = 'InvalidStateError';
}

const net = (text: string): Cidr => {
  const cidr = parseCidr(text);
  if (!cidr) throw new Error(`bad constant ${text}`);
  return cidr;
};
const RANGES = {
  gateway: [net(GATEWAY_NETWORK), net(TUNNEL_POOL)],
  user: [net(VPN_USER_NETWORK)],
  session: [net(SESSION_NETWORK)],
  reach: [net(TUNNEL_POOL)],
  /** What a hub may route into its interface (HUB_NETWORKS). */
  hub: HUB_NETWORKS.map(net),
} as const;
const KIND_LABEL = { gateway: 'gateway', user: 'usuário VPN', session: 'sessão' } as const;

function normaliseAll(values: readonly string[], within: readonly Cidr[]): string[] | string {
  const out: string[] = [];
  for (const value of values) {
    const normal = normaliseWithin(value, within);
    if (!normal) return value;
    if (!out.includes(normal)) out.push(normal);
  }
  return out;
}

const validPort = (port: number) => Number.isInteger(port) && port >= 1 && port <= 65535;

/** A peer checked and normalised, or the pt-BR reason it cannot be used. */
function planPeer(peer: HubPeer): Omit<PlannedPeer, 'timeoutMs'> | string {
  const label = `${KIND_LABEL[peer.kind]} ${peer.id}`;
  const allowed = normaliseAll(peer.allowedIps, RANGES[peer.kind]);
  if (typeof allowed === 'string') return `${label}: endereço ${allowed} fora da faixa permitida.`;
  if (allowed.length === 0) return `${label}: sem endereço (AllowedIPs vazio).`;
  const base = { kind: peer.kind, id: peer.id, publicKey: peer.publicKey, allowedIps: allowed };
  if (peer.kind === 'gateway') return { ...base, reach: [], tcp: [], udp: [], expiresAt: null };
  if (peer.kind === 'user') {
    const reach = normaliseAll(peer.reach, RANGES.reach);
    if (typeof reach === 'string') return `${label}: rede ${reach} fora das sub-redes de túnel.`;
    return { ...base, reach, tcp: [], udp: [], expiresAt: peer.expiresAt };
  }
  const reach = normaliseAll([peer.reach.network], RANGES.reach);
  if (typeof reach === 'string') return `${label}: rede ${reach} fora das sub-redes de túnel.`;
  const ports = [...peer.reach.tcp, ...peer.reach.udp].find((port) => !validPort(port));
  if (ports !== undefined) return `${label}: porta ${ports} inválida.`;
  const unique = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);
  return { ...base, reach, tcp: unique(peer.reach.tcp), udp: unique(peer.reach.udp), expiresAt: peer.expiresAt };
}

export function planState(state: HubDesiredState, now: number, listenPort?: number): Plan {
  const { hub } = state;
  const own = parseCidr(hub.address.split('/')[0] ?? '');
  if (!isInterfaceAddress(hub.address) || !own || !contains(RANGES.gateway[0], own)) throw new InvalidStateError(`Endereço do hub inválido: ${hub.address}.`);
  const networks: string[] = [];
  for (const network of hub.networks) {
    const cidr = parseCidr(network);
    if (!cidr || !RANGES.hub.some((outer) => contains(outer, cidr)))
      throw new InvalidStateError(`Rede do hub inválida ou fora do plano de endereços: ${network}.`);
    networks.push(formatCidr(cidr));
  }
  const port = listenPort ?? hub.listenPort;
  if (!validPort(port)) throw new InvalidStateError(`Porta do hub inválida: ${port}.`);

  const peers: PlannedPeer[] = [];
  const expired: string[] = [];
  const skipped: Plan['skipped'] = [];
  const keys = new Map<string, string>();
  const addresses = new Map<string, string>();
  let nextChangeAt: number | null = null;
  const later = (at: number) => {
    nextChangeAt = nextChangeAt === null ? at : Math.min(nextChangeAt, at);
  };

  for (const peer of state.peers) {
    const planned = planPeer(peer);
    if (typeof planned === 'string') {
      skipped.push({ id: peer.id, reason: planned });
      continue;
    }
    if (planned.expiresAt !== null && planned.expiresAt <= now) {
      expired.push(peer.id);
      continue;
    }
    const keyOwner = keys.get(planned.publicKey);
    if (keyOwner !== undefined) {
      skipped.push({ id: peer.id, reason: `${KIND_LABEL[peer.kind]} ${peer.id}: chave pública já usada por ${keyOwner}.` });
      continue;
    }
    const taken = planned.allowedIps.find((ip) => addresses.has(ip));
    if (taken !== undefined) {
      skipped.push({
        id: peer.id,
        reason: `${KIND_LABEL[peer.kind]} ${peer.id}: endereço ${taken} já usado por ${addresses.get(taken)}.`,
      });
      continue;
    }
    keys.set(planned.publicKey, peer.id);
    for (const ip of planned.allowedIps) addresses.set(ip, peer.id);

    let timeoutMs: number | null = null;
    if (planned.expiresAt !== null) {
      const left = planned.expiresAt - now;
      if (left <= MAX_ELEMENT_TIMEOUT_MS) {
        timeoutMs = left;
        later(planned.expiresAt);
      } else {
        later(planned.expiresAt - MAX_ELEMENT_TIMEOUT_MS);
      }
    }
    peers.push({ ...planned, timeoutMs });
  }
  return {
    version: state.version,
    hub: { address: hub.address, networks, listenPort: port },
    peers,
    expired,
    skipped,
    nextChangeAt,
    now,
  };
}
