/**
 * Tunnel subnets (issue 34): each machine with a LAN gets a subnet of the same size from the tunnel pool, unique
 * across the platform; its gateway maps it 1:1 onto the LAN, so two factories on 192.168.0.0/24 are each reached at
 * their own tunnel addresses (`192.168.0.10` in 192.168.0.0/24 ↔ `10.128.3.10` in 10.128.3.0/24).
 *
 * Pure IPv4 arithmetic, zod-free: the server's allocator, the demo seed, the gateway's file and the UI's address
 * translator all use it. Addresses are numbers 0 … 2³²−1 (never negative: no bitwise operators on them).
 */

/** The pool (the same as TUNNEL_POOL of src/contracts/hub.ts; a test keeps them equal): 10.128.0.0/9. */
export const TUNNEL_POOL_CIDR = '10.128.0.0/9';

export interface Cidr {
  /** The first address, as a number. */
  start: number;
  /** The last address, as a number. */
  end: number;
  prefix: number;
  /** Addresses in it: 2^(32 − prefix). */
  size: number;
}

const ADDRESS = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** `10.128.3.10` → 176161546; null when not a dotted IPv4 address. */
export function ipToNumber(text: string): number | null {
  const match = ADDRESS.exec(text.trim());
  if (!match) return null;
  const octets = match.slice(1, 5).map(Number);
  if (octets.some((octet) => octet > 255)) return null;
  return octets.reduce((acc, octet) => acc * 256 + octet, 0);
}

/** 176161546 → `10.128.3.10`. */
export function numberToIp(value: number): string {
  const octets: number[] = [];
  let rest = value;
  for (let i = 0; i < 4; i += 1) {
    octets.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  }
  return octets.join('.');
}

/** A network `a.b.c.d/n` with no host bits set, as numbers; null otherwise (`10.0.0.1/24` is not a network). */
export function parseCidr(text: string): Cidr | null {
  const [ip = '', bits, ...extra] = text.trim().split('/');
  if (bits === undefined || extra.length > 0 || !/^\d{1,2}$/.test(bits)) return null;
  const prefix = Number(bits);
  const start = ipToNumber(ip);
  if (start === null || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  if (start % size !== 0) return null;
  return { start, end: start + size - 1, prefix, size };
}

/** `(176161536, 24)` → `10.128.3.0/24`. */
export function cidrText(start: number, prefix: number): string {
  return `${numberToIp(start)}/${prefix}`;
}

/** Whether `address` (a number) is inside the network. */
export function inCidr(address: number, network: Cidr): boolean {
  return address >= network.start && address <= network.end;
}

/** The pool as numbers. */
export const TUNNEL_POOL_RANGE: Cidr = parseCidr(TUNNEL_POOL_CIDR) as Cidr;

/**
 * The first block of `prefix` in the pool at or after `from` (a number; null: the pool's start), aligned to its
 * size; null when the pool has no room left after `from`.
 */
export function nextTunnelBlock(from: number | null, prefix: number, pool: Cidr = TUNNEL_POOL_RANGE): Cidr | null {
  if (prefix < pool.prefix || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  const lowest = Math.max(from ?? pool.start, pool.start);
  const start = Math.ceil(lowest / size) * size;
  const end = start + size - 1;
  return end <= pool.end ? { start, end, prefix, size } : null;
}

/**
 * The first aligned block of `prefix` in the pool that overlaps none of `taken` (blocks, sorted by start, not
 * overlapping each other): the allocator's fallback once the pool's end is reached (gaps left by deleted machines).
 */
export function firstFreeTunnelBlock(taken: ReadonlyArray<Pick<Cidr, 'start' | 'end'>>, prefix: number, pool: Cidr = TUNNEL_POOL_RANGE): Cidr | null {
  let candidate = nextTunnelBlock(null, prefix, pool);
  for (const block of taken) {
    if (!candidate) return null;
    if (block.end < candidate.start) continue;
    if (block.start > candidate.end) return candidate;
    candidate = nextTunnelBlock(block.end + 1, prefix, pool);
  }
  return candidate;
}

/**
 * An address of one network at the same offset in another of the same size: `192.168.0.10` in 192.168.0.0/24 →
 * `10.128.3.10` in 10.128.3.0/24. null when the address is not in `from`, or the networks differ in size or are
 * not networks.
 */
export function mapAddress(address: string, from: string, to: string): string | null {
  const source = parseCidr(from);
  const target = parseCidr(to);
  const value = ipToNumber(address);
  if (!source || !target || value === null || source.size !== target.size || !inCidr(value, source)) return null;
  return numberToIp(target.start + (value - source.start));
}

/** A machine's LAN address at its tunnel address (`192.168.0.10` → `10.128.3.10`). */
export function lanToTunnel(address: string, lanSubnet: string, tunnelSubnet: string): string | null {
  return mapAddress(address, lanSubnet, tunnelSubnet);
}

/** A tunnel address at the machine's LAN address (`10.128.3.10` → `192.168.0.10`). */
export function tunnelToLan(address: string, tunnelSubnet: string, lanSubnet: string): string | null {
  return mapAddress(address, tunnelSubnet, lanSubnet);
}

// ---- what a machine's LAN may be ----

/** The private networks of RFC 1918. */
export const PRIVATE_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'] as const;
export const MIN_LAN_PREFIX = 16;
export const MAX_LAN_PREFIX = 30;

export const LAN_MESSAGES = {
  invalid: 'Rede inválida.',
  notPrivate: 'A rede da máquina precisa ser privada (10.0.0.0/8, 172.16.0.0/12 ou 192.168.0.0/16).',
  size: `Use uma rede entre /${MIN_LAN_PREFIX} e /${MAX_LAN_PREFIX}.`,
} as const;

/**
 * Why a machine's LAN is refused, or null: a network (no host bits) inside one private range of RFC 1918, with a
 * prefix from /16 to /30 (so its tunnel subnet fits the pool and has hosts). `0.0.0.0/0`, public ranges, /8 and
 * /31–/32 are refused.
 */
export function machineLanProblem(value: string): string | null {
  const network = parseCidr(value);
  if (!network) return LAN_MESSAGES.invalid;
  const isPrivate = PRIVATE_NETWORKS.some((range) => {
    const r = parseCidr(range) as Cidr;
    return network.start >= r.start && network.end <= r.end;
  });
  if (!isPrivate) return LAN_MESSAGES.notPrivate;
  if (network.prefix < MIN_LAN_PREFIX || network.prefix > MAX_LAN_PREFIX) return LAN_MESSAGES.size;
  return null;
}
