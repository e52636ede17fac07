/**
 * Remote access's server tests' world: the answers' shapes, the calls (ask, post, events, the policy), the node's
 * peer list as the node reads it, and a fresh account with its team per test.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeEach, expect } from 'vitest';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { nodePeers } from '../../../vpn/routes/vpn-nodes/peers';

export type Ts = { seconds: number; nanos: number };
export interface Session {
  id: string;
  status: string;
  machineId: string;
  requesterUid: string;
  requesterName: string;
  services: Array<{ name: string; protocol: string; port: number }>;
  tunnelAddress: string;
  lanSubnet: string;
  tunnelSubnet: string | null;
  windowStartsAt: Ts | null;
  windowEndsAt: Ts | null;
  refusalReason: string | null;
  endReason: string | null;
  lastHandshakeAt: Ts | null;
  version: number;
}
export interface RequestAnswer {
  session: Session;
  replaced: { id: string; status: string } | null;
  message: string;
}
export interface Profile {
  session: Session;
  tunnelSubnet: string;
  lanSubnet: string;
  interface: { address: string };
  peer: { publicKey: string; endpointHost: string; endpointPort: number; allowedIps: string[]; persistentKeepalive: number };
  services: Array<{ port: number }>;
  validUntil: Ts;
  fileName: string;
}
export interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}
export interface Event {
  kind: string;
  sessionId: string;
  actorUid: string | null;
  reason: string;
  occurredAt: Ts;
}
export type ApiError = { error: { code: string; message: string; field?: string } };


export const callAsk = (as: string, machineId: string, body: unknown) =>
  call<RequestAnswer & ApiError>('POST', `/machine/${machineId}/remote-access`, { as, body, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
export const callPost = <T = Session & ApiError>(as: string, path: string, body: unknown = {}) => call<T>('POST', path, { as, body });
export const storedEvents = async (as: string, query = '') => (await call<Page<Event>>('GET', `/remote-access/event?perPage=100${query}`, { as })).body.data;

export async function arrangePolicy(owner: string, requireApproval: boolean, maxDurationHours = 24) {
  const current = await call<{ version: number }>('GET', '/remote-access/policy', { as: owner });
  const answer = await call('PUT', '/remote-access/policy', {
    as: owner,
    body: { requireApproval, maxDurationHours },
    headers: { 'If-Match': String(current.body.version) },
  });
  expect(answer.status).toBe(200);
}

export const storedPeers = (owner: string, deviceId: string, now = Date.now()) =>
  nodePeers(drizzle(env.DB), { id: 'vpn-node-test', ownerUid: owner, deviceId, vpnAddress: '10.88.9.9' }, now);

/** The account of each test (live bindings, set by `seedTeam`): an Administrador with a Técnico and a Leitura. */
export let owner: string;
export let tecnico: string;
export let leitura: string;

export function seedTeam(): void {
  beforeEach(async () => {
    owner = makeUid();
    tecnico = makeUid('tecnico');
    leitura = makeUid('leitura');
    await arrangeMember(owner, tecnico, 'tecnico');
    await arrangeMember(owner, leitura, 'leitura');
  });
}
