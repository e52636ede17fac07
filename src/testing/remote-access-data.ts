/**
 * Arrangement and reading helpers for the portal's remote-access and customers tests, on the real Workers (the demo
 * seed at TEST_NOW, put back before every test): the demo builder's machines and customers through the API, remote
 * access requests and profiles through the API, and what only the database shows (sessions, events, the factory's
 * links and the demo mailbox) with testSql.
 */
import type { Customer } from '@/contracts/customer';
import type { Machine } from '@/contracts/machine';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import { call, json, type ApiPage } from './demo-api';
import { testSql } from './msw-server';
import { makeTestToken } from './test-token';

/** Maria Oliveira Santos, the demo builder's Administrador. */
export const makeDemoBuilderToken = () => makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', name: 'Maria Oliveira Santos' });

async function everyPage<T>(path: string, token: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await call(`${path}${separator}perPage=100&page=${page}`, { token });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    const body = await json<ApiPage<T>>(response);
    all.push(...body.data);
    if (all.length >= body.meta.total || body.data.length === 0) return all;
  }
}

/** The demo builder's machines, as the API answers them (services resolved, the gateway's live status). */
export function demoMachines(token = makeDemoBuilderToken()): Promise<Machine[]> {
  return everyPage<Machine>('/machine', token);
}

/** The first of the demo builder's machines matching `which`. */
export async function demoMachine(which: (machine: Machine) => boolean, token = makeDemoBuilderToken()): Promise<Machine> {
  const machine = (await demoMachines(token)).find(which);
  if (!machine) throw new Error('the seed has such a machine of the demo builder');
  return machine;
}

/** A machine with an online gateway, a LAN and services: "Conectar" makes a profile at once. */
export const isReachable = (machine: Machine) =>
  machine.deviceId !== null && machine.device?.status === 'online' && machine.lanSubnet !== '' && machine.services.length > 0;

/** The demo builder's customers, as the API answers them. */
export function demoCustomers(token = makeDemoBuilderToken()): Promise<Customer[]> {
  return everyPage<Customer>('/customer', token);
}

export interface AskedSession {
  id: string;
  status: string;
  awaiting: string | null;
}

/** A remote-access request on `machineId` (as the portal's "Conectar" sends it): the session the API answers. */
export async function arrangeRemoteAccessRequest(machineId: string, reason: string, durationHours = 1, token = makeDemoBuilderToken()): Promise<AskedSession> {
  const response = await call(`/machine/${machineId}/remote-access`, {
    method: 'POST',
    token,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    json: { reason, durationHours },
  });
  if (!response.ok) throw new Error(`remote-access request: ${response.status} ${await response.text()}`);
  return (await json<{ session: AskedSession }>(response)).session;
}

/** A WireGuard public key of its own (two open sessions never share one). */
export const makePublicKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

/** The profile of an approved session (the browser sends only its public key). */
export async function arrangeDownloadedProfile(sessionId: string, publicKey = makePublicKey(), token = makeDemoBuilderToken()): Promise<void> {
  const response = await call(`/remote-access/session/${sessionId}/profile`, { method: 'POST', token, json: { publicKey } });
  if (!response.ok) throw new Error(`profile: ${response.status} ${await response.text()}`);
}

/** A session as the database keeps it (what the tests check about it). */
export interface StoredSession {
  id: string;
  machineId: string;
  status: string;
  awaiting: string | null;
  reason: string;
  durationHours: number;
  wgPublicKey: string | null;
  decidedByName: string | null;
  refusalReason: string | null;
}

/** The demo builder's remote-access sessions, oldest first. */
export function storedSessions(owner = DEMO_CUSTOMER_UID): Promise<StoredSession[]> {
  return testSql<StoredSession>(
    `SELECT id, machine_id AS machineId, status, awaiting, reason, duration_hours AS durationHours, wg_public_key AS wgPublicKey,
       decided_by_name AS decidedByName, refusal_reason AS refusalReason
     FROM remote_access_session WHERE owner_uid = ? ORDER BY created_at, rowid`,
    [owner],
  );
}

/** Every remote-access row of the demo builder (sessions, events, factory links), serialised: what the server kept. */
export async function storedEverything(owner = DEMO_CUSTOMER_UID): Promise<string> {
  const tables = ['remote_access_session', 'remote_access_event', 'remote_access_factory_link', 'remote_access_policy'];
  const rows = await Promise.all(tables.map((table) => testSql(`SELECT * FROM ${table} WHERE owner_uid = ?`, [owner])));
  return JSON.stringify(rows);
}

/** The account's Histórico events of `kind`, oldest first. */
export function storedEvents(kind: string, owner = DEMO_CUSTOMER_UID) {
  return testSql<{ kind: string; reason: string; actorUid: string | null; sessionId: string }>(
    'SELECT kind, reason, actor_uid AS actorUid, session_id AS sessionId FROM remote_access_event WHERE owner_uid = ? AND kind = ? ORDER BY at, rowid',
    [owner, kind],
  );
}

/** The account's remote-access policy as stored (null: none saved, the defaults). */
export async function storedPolicy(owner = DEMO_CUSTOMER_UID) {
  const [row] = await testSql<{ requireApproval: number; maxDurationHours: number; version: number }>(
    'SELECT require_approval AS requireApproval, max_duration_hours AS maxDurationHours, version FROM remote_access_policy WHERE owner_uid = ?',
    [owner],
  );
  return row ? { requireApproval: row.requireApproval === 1, maxDurationHours: row.maxDurationHours, version: row.version } : null;
}

/** Someone else saved the policy: stored as `policy` (its version included). */
export async function arrangePolicy(policy: { requireApproval: boolean; maxDurationHours: number; version: number }, owner = DEMO_CUSTOMER_UID) {
  await testSql(
    `INSERT INTO remote_access_policy (owner_uid, require_approval, max_duration_hours, version, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (owner_uid) DO UPDATE SET require_approval = excluded.require_approval, max_duration_hours = excluded.max_duration_hours,
       version = excluded.version, updated_at = excluded.updated_at`,
    [owner, policy.requireApproval ? 1 : 0, policy.maxDurationHours, policy.version, Date.now()],
  );
}

/** The newest e-mail of the demo mailbox (the `mail` table; in demo mode its row keeps the link). */
export async function storedLastMail(owner = DEMO_CUSTOMER_UID) {
  const [mail] = await testSql<{ to: string; subject: string; link: string }>(
    'SELECT to_address AS "to", subject, link FROM mail WHERE owner_uid = ? ORDER BY sent_at DESC, rowid DESC LIMIT 1',
    [owner],
  );
  return mail;
}

/** The factory's link of `sessionId` expires now (only its token's SHA-256 is stored). */
export async function arrangeExpiredFactoryLink(sessionId: string, owner = DEMO_CUSTOMER_UID): Promise<void> {
  await testSql('UPDATE remote_access_factory_link SET expires_at = ? WHERE owner_uid = ? AND session_id = ?', [Date.now() - 1, owner, sessionId]);
}

/**
 * The stand-in hub has not reported the handshake of `sessionId`'s profile yet: in demo mode it would, 8 s after the
 * download (settled on read, with a `connected` event and growing traffic); a test that reads the session as just
 * downloaded holds it, whatever time the machine takes.
 */
export async function arrangeHeldHandshake(sessionId: string): Promise<void> {
  await testSql('UPDATE remote_access_session SET handshake_due_at = NULL WHERE id = ?', [sessionId]);
}
