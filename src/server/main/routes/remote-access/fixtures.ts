/** Remote access's server tests' fixtures: a machine that can be reached (gateway, LAN, services) and a browser's key. */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { searchColumns, sortKey } from '../../../shared/search';
import { machine } from '../../db/fleet-schema';
import { insertDevice } from '../devices/fixtures';

export const SERVICES = [
  { name: 'IHM web', protocol: 'https', port: 443 },
  { name: 'CLP', protocol: 's7', port: 102 },
  { name: 'Tela', protocol: 'vnc', port: 5900 },
];

let counter = 0;
/** A machine of `owner` with a gateway (unless `withGateway: false`), a LAN and three services. */
export async function insertMachine(owner: string, fields: { lanSubnet?: string; withGateway?: boolean; services?: typeof SERVICES } = {}) {
  counter += 1;
  const gateway = fields.withGateway === false ? null : await insertDevice(owner);
  const now = Date.now();
  const name = `Injetora RA ${counter}`;
  const row = {
    id: `machine-ra-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}`,
    ownerUid: owner,
    name,
    serialNumber: `SN-RA-${counter}`,
    modelId: 'machine-model-t',
    customerId: null,
    deviceId: gateway?.id ?? null,
    site: '',
    lanSubnet: fields.lanSubnet ?? '192.168.10.0/24',
    services: JSON.stringify(fields.services ?? SERVICES),
    nameKey: sortKey(name),
    siteKey: '',
    ...searchColumns([name]),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await drizzle(env.DB).insert(machine).values(row);
  return { machine: row, deviceId: gateway?.id ?? '' };
}

/** A valid WireGuard public key (32 random bytes, base64) as the browser would send. */
export function publicKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}
