/**
 * Remote access's server tests' fixtures: a machine that can be reached (gateway through a registered hub, LAN and
 * its tunnel subnet, services), a hub, and a browser's key.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { parseCidr } from '@/contracts/tunnel';
import { searchColumns, sortKey } from '../../../shared/search';
import { vpnHub } from '../../../vpn/db/vpn-schema';
import { machine } from '../../db/fleet-schema';
import { insertDevice } from '../devices/fixtures';
import { allocateTunnel, NO_TUNNEL } from '../machines/tunnel';

export interface TestHub {
  id: string;
  name: string;
  endpointHost: string;
  endpointPort: number;
  publicKey: string;
}

let hubs = 0;
/** A hub that has reported its public key (registered), of its own name. */
export async function insertHub(fields: Partial<TestHub> & { registered?: boolean } = {}): Promise<TestHub> {
  hubs += 1;
  const suffix = `${Date.now().toString(36)}-${hubs}-${Math.random().toString(36).slice(2, 6)}`;
  const hub = {
    id: `vpn-hub-t${suffix}`,
    name: `Hub de teste ${suffix}`,
    endpointHost: `hub-${hubs}.teste.ponteiiot.com.br`,
    endpointPort: 51820 + hubs,
    publicKey: makePublicKey(),
    ...fields,
  };
  const now = Date.now();
  await drizzle(env.DB)
    .insert(vpnHub)
    .values({
      ...hub,
      publicKey: fields.registered === false ? null : hub.publicKey,
      region: 'sa-east',
      peerCount: 0,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
  return hub;
}

let sharedHub: TestHub | null = null;
/** This file's hub (one, registered), which every fixture gateway goes through. */
export async function insertSharedHub(): Promise<TestHub> {
  sharedHub ??= await insertHub();
  return sharedHub;
}

export const SERVICES = [
  { name: 'IHM web', protocol: 'https', port: 443 },
  { name: 'CLP', protocol: 's7', port: 102 },
  { name: 'Tela', protocol: 'vnc', port: 5900 },
];

let counter = 0;
/** A machine of `owner` with a gateway (unless `withGateway: false`), a LAN with its tunnel subnet and three services. */
export async function insertMachine(owner: string, fields: { lanSubnet?: string; withGateway?: boolean; services?: typeof SERVICES } = {}) {
  counter += 1;
  const gateway = fields.withGateway === false ? null : await insertDevice(owner, { hubId: (await insertSharedHub()).id });
  const now = Date.now();
  const name = `Injetora RA ${counter}`;
  const lanSubnet = fields.lanSubnet ?? '192.168.10.0/24';
  const lan = parseCidr(lanSubnet);
  const tunnel = lan ? await allocateTunnel(drizzle(env.DB), lan.prefix) : NO_TUNNEL;
  const row = {
    id: `machine-ra-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}`,
    ownerUid: owner,
    name,
    serialNumber: `SN-RA-${counter}`,
    modelId: 'machine-model-t',
    customerId: null,
    deviceId: gateway?.id ?? null,
    site: '',
    lanSubnet,
    ...tunnel,
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
export function makePublicKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}
