/**
 * The demo VPN backend's records: see `VpnUser`, `VpnNode` and `VpnRoute` in src/contracts/vpn.ts. Times are epoch
 * ms. VPN records belong to the platform (staff manages them all); `ownerUid` says which builder they serve.
 */
import type { Stamped } from '@/seed/stored';

export interface VpnUserRecord extends Stamped {
  id: string;
  /** The builder whose machines the user reaches: null until it has one (kept when they are all removed). */
  ownerUid: string | null;
  name: string;
  email: string;
  enabled: boolean;
  /** null: no expiry. */
  expiresAt: number | null;
  machineIds: string[];
  createdAt: number;
}

export interface VpnNodeRecord extends Stamped {
  id: string;
  ownerUid: string;
  name: string;
  deviceId: string;
  vpnAddress: string;
  online: boolean;
  lastHandshakeAt: number | null;
}

export interface VpnRouteRecord extends Stamped {
  id: string;
  ownerUid: string;
  nodeId: string;
  /** IPv4 CIDR, normalised (no host bits, no leading zeros). */
  network: string;
  description: string;
  enabled: boolean;
}

/** The VPN's client pool: every VPN user gets an address in 10.87.0.0/16, derived from its id. */
export const VPN_CLIENT_NETWORK = '10.87.0.0/16';

/** `vpn-user-1001` → `10.87.3.238`: stable, unique per id (up to 65 000 users). */
export function vpnUserAddress(id: string): string {
  const n = Number(/(\d+)$/.exec(id)?.[1] ?? '0');
  return `10.87.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

/** A CIDR's first address and prefix as one sortable number (10.0.0.0/8 before 10.1.0.0/16 before 192.168.0.0/24). */
export function networkSortValue(cidr: string): number {
  const [ip = '', bits = '0'] = cidr.split('/');
  const start = ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  return start * 64 + Number(bits);
}
