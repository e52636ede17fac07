/**
 * An erased account's people lose their Firebase identities (issue 38, item 2): the erasure queues them in its own
 * batch, after the grace period only; the daily job deletes each through the Admin REST API (a double of the Auth
 * emulator here), keeps whoever belongs to another account or is staff, and keeps a failure queued for tomorrow.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../shared/env';
import type { Fetcher } from '../../../shared/firebase-admin';
import { makeUid } from '../../../testing/api';
import { deleteAccount } from './deletion';
import { deleteErasedIdentities } from './identities';

const EMULATOR = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/demo-ponte';
const DAY = 24 * 60 * 60 * 1000;
const db = () => drizzle(env.DB);
const makeWorkerEnv = () => env as unknown as Env;

/** An account (owner, a Técnico, a Leitura who is also staff), its erasure due `dueIn` ms from now (negative: past). */
async function seedErasableAccount(dueIn: number) {
  const owner = makeUid('erased');
  const tecnico = makeUid('tec');
  const staffPerson = makeUid('staff');
  const now = Date.now();
  const member = (uid: string, role: string) =>
    env.DB.prepare('INSERT INTO team_member (uid, account_uid, name, email, role, joined_at, version, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?)').bind(
      uid,
      owner,
      uid,
      `${uid}@example.com`,
      role,
      now,
      now,
    );
  await env.DB.batch([
    env.DB.prepare('INSERT INTO assembler (uid, name, cnpj, email, created_at, version, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)').bind(
      owner,
      'Montadora Apagada',
      `cnpj-${owner}`,
      `${owner}@example.com`,
      now,
      now,
    ),
    member(owner, 'administrador'),
    member(tecnico, 'tecnico'),
    member(staffPerson, 'leitura'),
    env.DB.prepare('INSERT INTO staff (uid, name, email) VALUES (?, ?, ?)').bind(staffPerson, 'Da Equipe', `${staffPerson}@ponte.com.br`),
    env.DB.prepare(
      'INSERT INTO account_deletion_request (owner_uid, requested_by_uid, requested_by_name, requested_at, erase_at) VALUES (?, ?, ?, ?, ?)',
    ).bind(owner, owner, 'Titular', now - 30 * DAY, now + dueIn),
  ]);
  return { owner, tecnico, staffPerson };
}

const storedQueue = async (owner: string) =>
  (
    await env.DB.prepare('SELECT uid, attempts, last_error FROM identity_deletion WHERE owner_uid = ? ORDER BY uid')
      .bind(owner)
      .all<{ uid: string; attempts: number; last_error: string | null }>()
  ).results;

/** The emulator's accounts:delete, recorded; `failing`: it answers 503. */
function trackDeletes(failing = false) {
  const requests: { url: string; authorization: string | null; body: unknown }[] = [];
  const fetcher: Fetcher = async (input, init) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, authorization: request.headers.get('Authorization'), body: await request.json() });
    return failing ? new Response('indisponível', { status: 503 }) : Response.json({ kind: 'identitytoolkit#DeleteAccountResponse' });
  };
  return { requests, fetcher };
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM identity_deletion').run();
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('deleting an account deletes its people’s Firebase identities', () => {
  it('nothing is queued before the grace period is over', async () => {
    const { owner } = await seedErasableAccount(DAY);
    expect(await deleteAccount(db(), owner)).toBe(false);
    expect(await storedQueue(owner)).toEqual([]);
  });

  it('after it: every person queued with the erasure; the job deletes them, but keeps staff; the queue empties', async () => {
    const { owner, tecnico, staffPerson } = await seedErasableAccount(-1000);
    expect(await deleteAccount(db(), owner)).toBe(true);
    expect((await storedQueue(owner)).map((row) => row.uid)).toEqual([owner, staffPerson, tecnico].sort());

    const emulator = trackDeletes();
    const result = await deleteErasedIdentities(makeWorkerEnv(), db(), { fetcher: emulator.fetcher });
    expect(result).toEqual({ deleted: [owner, tecnico].sort(), kept: [staffPerson], failed: [] });
    expect(emulator.requests).toEqual(
      [owner, tecnico].sort().map((uid) => ({ url: `${EMULATOR}/accounts:delete`, authorization: 'Bearer owner', body: { localId: uid } })),
    );
    expect(await storedQueue(owner)).toEqual([]);
  });

  it('a person who belongs to another account keeps the identity', async () => {
    const { owner, tecnico, staffPerson } = await seedErasableAccount(-1000);
    expect(await deleteAccount(db(), owner)).toBe(true);
    // The Técnico meanwhile owns a company of their own.
    const now = Date.now();
    await env.DB.prepare('INSERT INTO assembler (uid, name, cnpj, email, created_at, version, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)')
      .bind(tecnico, 'Outra Montadora', `cnpj-${tecnico}`, `${tecnico}@example.com`, now, now)
      .run();
    const emulator = trackDeletes();
    const result = await deleteErasedIdentities(makeWorkerEnv(), db(), { fetcher: emulator.fetcher });
    expect(result.kept.sort()).toEqual([staffPerson, tecnico].sort());
    expect(result.deleted).toEqual([owner]);
    expect(emulator.requests.map((request) => request.body)).toEqual([{ localId: owner }]);
  });

  it('Firebase failing: the identities stay queued with the attempt and the reason, and go the next day', async () => {
    const { owner, tecnico } = await seedErasableAccount(-1000);
    await env.DB.prepare('DELETE FROM staff').run();
    expect(await deleteAccount(db(), owner)).toBe(true);
    const failing = trackDeletes(true);
    const result = await deleteErasedIdentities(makeWorkerEnv(), db(), { fetcher: failing.fetcher });
    expect(result.deleted).toEqual([]);
    expect(result.failed).toHaveLength(3);
    const rows = await storedQueue(owner);
    expect(rows.map((row) => [row.attempts, row.last_error])).toEqual(
      rows.map(() => [1, 'firebase-unreachable: Não foi possível falar com o Firebase agora. Tente novamente em instantes.']),
    );
    expect(logged).toHaveBeenCalledWith('identity deletion: 3 identities not deleted yet (retried tomorrow)');

    const working = trackDeletes();
    const nextDay = await deleteErasedIdentities(makeWorkerEnv(), db(), { fetcher: working.fetcher });
    expect(nextDay.deleted).toHaveLength(3);
    expect(nextDay.deleted).toContain(tecnico);
    expect(await storedQueue(owner)).toEqual([]);
  });
});
