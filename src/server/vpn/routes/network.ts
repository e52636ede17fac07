/**
 * The VPN's addresses (src/contracts/hub.ts has the plan): gateways in 10.88.0.0/16 (10.88.0.1 is the hub), VPN
 * users in 10.87.0.0/16 (derived from the user's id), remote-access sessions in 10.86.0.0/16. Endpoints and public
 * keys are the hubs' own (vpn_hub), never constants.
 */
import { HUB_ADDRESS, SESSION_NETWORK, VPN_USER_NETWORK } from '@/contracts/hub';
import { DEFAULT_TIME_ZONE } from '@/contracts/dashboard';

export const VPN_SERVER_ADDRESS = HUB_ADDRESS;
export const VPN_CLIENT_NETWORK = VPN_USER_NETWORK;
/** Remote-access sessions' tunnel addresses (issue 25): a pool of their own, apart from the VPN users'. */
export const REMOTE_ACCESS_NETWORK = SESSION_NETWORK;

/** `vpn-user-1001` → `10.87.3.238`: stable, unique per id (up to 65 000 users). */
export function vpnUserAddress(id: string): string {
  const n = Number(/(\d+)$/.exec(id)?.[1] ?? '0');
  return `10.87.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

/**
 * `remote-access-1001` → `10.86.3.240`: derived from the session's number like the VPN users' (65 024 addresses
 * before one repeats: a clash needs that many sessions asked while one window, at most 24 h, is open).
 */
export function remoteAccessAddress(id: string): string {
  const n = Number(/(\d+)$/.exec(id)?.[1] ?? '0');
  return `10.86.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

/** A CIDR's first address and prefix as one sortable number (10.0.0.0/8 before 10.1.0.0/16 before 192.168.0.0/24). */
export function networkSortValue(cidr: string): number {
  const [ip = '', bits = '0'] = cidr.split('/');
  const start = ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  return start * 64 + Number(bits);
}

/** A CIDR's first and last addresses as numbers (10.1.0.0/16 → [167837696, 167903231]). */
export function networkRange(cidr: string): [number, number] {
  const [ip = '', bits = '0'] = cidr.split('/');
  const start = ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  return [start, start + 2 ** (32 - Number(bits)) - 1];
}

/** 19/11/2026, in the portal's time zone. */
export function formatDay(ms: number): string {
  return new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: DEFAULT_TIME_ZONE }).format(
    new Date(ms),
  );
}
