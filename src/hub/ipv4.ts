/** IPv4 networks as the hub checks them before any of the API's text reaches `wg` or `nft`. */

export interface Cidr {
  /** The network address as an unsigned 32-bit number. */
  base: number;
  prefix: number;
}

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const CIDR = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}(?:/(3[0-2]|[12]?\\d))?$`);

/** Parses `a.b.c.d[/n]` (no prefix: /32); null when it is not one. The host bits are cleared. */
export function parseCidr(text: string): Cidr | null {
  const match = CIDR.exec(text.trim());
  if (!match) return null;
  const octets = [match[1], match[2], match[3], match[4]].map(Number) as [number, number, number, number];
  const prefix = match[5] === undefined ? 32 : Number(match[5]);
  const address = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
  return { base: (address & mask(prefix)) >>> 0, prefix };
}

function mask(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

export function formatCidr(cidr: Cidr): string {
  const { base } = cidr;
  return `${base >>> 24}.${(base >>> 16) & 255}.${(base >>> 8) & 255}.${base & 255}/${cidr.prefix}`;
}

/** The address part only (`10.86.0.5` from `10.86.0.5/32`). */
export function cidrAddress(cidr: Cidr): string {
  return formatCidr(cidr).split('/')[0] ?? '';
}

/** Whether `inner` lies wholly inside `outer`. */
export function contains(outer: Cidr, inner: Cidr): boolean {
  return inner.prefix >= outer.prefix && ((inner.base & mask(outer.prefix)) >>> 0) === outer.base;
}

/** The normalised form of `text` if it is an IPv4 network inside one of `within`; null otherwise. */
export function normaliseWithin(text: string, within: readonly Cidr[]): string | null {
  const cidr = parseCidr(text);
  if (!cidr || !within.some((outer) => contains(outer, cidr))) return null;
  return formatCidr(cidr);
}

/** `10.88.0.1/16` (an interface address keeps its host bits). */
export function isInterfaceAddress(text: string): boolean {
  return CIDR.test(text.trim()) && text.includes('/');
}
