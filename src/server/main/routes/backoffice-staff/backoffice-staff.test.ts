/**
 * "Equipe interna" (issue 38, item 2): staff listed, granted by e-mail and revoked, through the Auth emulator's Admin
 * REST API (the tests' Worker names the emulator) — here a double of it that records every request.
 */
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ALREADY_MESSAGE, STAFF_LAST_MESSAGE, STAFF_NOT_FOUND_MESSAGE, staffNoAccountMessage } from '@/contracts/staff';
import { FIREBASE_ADMIN_UNAVAILABLE_MESSAGE, FIREBASE_UNREACHABLE_MESSAGE } from '../../../shared/firebase-admin';
import { call, makeUid } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';

const EMULATOR = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/demo-ponte';

interface FakeUser {
  localId: string;
  email: string;
  displayName?: string;
  customAttributes?: string;
  validSince?: string;
}

type Member = { uid: string; name: string; email: string };

/** The Auth emulator's accounts and what was asked of it. */
function trackEmulator(users: FakeUser[], answer?: () => Response | Promise<Response>) {
  const requests: { action: string; authorization: string | null; body: Record<string, unknown> }[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${EMULATOR}/`)) return original(input, init);
    const action = request.url.slice(EMULATOR.length + 1);
    const body = (await request.json()) as Record<string, unknown>;
    requests.push({ action, authorization: request.headers.get('Authorization'), body });
    if (answer) return answer();
    if (action === 'accounts:lookup') {
      const emails = (body.email as string[] | undefined) ?? [];
      const ids = (body.localId as string[] | undefined) ?? [];
      const found = users.filter((user) => emails.includes(user.email) || ids.includes(user.localId));
      return Response.json(found.length > 0 ? { users: found } : {});
    }
    if (action === 'accounts:update') {
      const user = users.find((candidate) => candidate.localId === body.localId);
      if (!user) return Response.json({ error: { code: 400, message: 'USER_NOT_FOUND' } }, { status: 400 });
      if (typeof body.customAttributes === 'string') user.customAttributes = body.customAttributes;
      if (typeof body.validSince === 'string') user.validSince = body.validSince;
      return Response.json({ localId: user.localId });
    }
    return Response.json({ error: { code: 400, message: 'UNEXPECTED' } }, { status: 400 });
  };
  return { requests, restore: () => (globalThis.fetch = original) };
}

let restore: (() => void) | null = null;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM staff').run();
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  restore?.();
  restore = null;
  logged.mockRestore();
});

async function insertStaffRow(uid: string, name: string, email = `${uid}@ponte.com.br`) {
  await env.DB.prepare('INSERT INTO staff (uid, name, email) VALUES (?, ?, ?)').bind(uid, name, email).run();
}

const storedStaffRows = async () => (await env.DB.prepare('SELECT uid, name, email FROM staff ORDER BY uid').all<Member>()).results;
const storedAudit = async (target: string) =>
  (
    await env.DB.prepare('SELECT kind, actor_uid, actor_staff, target_kind, target_label, before_json, after_json FROM audit_log WHERE target_id = ? ORDER BY id')
      .bind(target)
      .all()
  ).results;

describe('GET /backoffice/staff', () => {
  it('lists the team by name; staff only', async () => {
    await insertStaffRow('staff-b', 'Bruna Costa');
    await insertStaffRow('staff-a', 'rafael Souza');
    const me = 'staff-a';
    const list = await call<{ data: Member[]; meta: { total: number } }>('GET', '/backoffice/staff', { as: me, admin: true });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      data: [
        { uid: 'staff-b', name: 'Bruna Costa', email: 'staff-b@ponte.com.br' },
        { uid: 'staff-a', name: 'rafael Souza', email: 'staff-a@ponte.com.br' },
      ],
      meta: { page: 1, perPage: 2, total: 2 },
    });
    expect((await call('GET', '/backoffice/staff', { as: makeUid() })).status).toBe(403);
    expect((await call('GET', '/backoffice/staff')).status).toBe(401);
  });
});

describe('POST /backoffice/staff/grant', () => {
  it('sets the admin claim (keeping the others), lists the person and audits it; again: 409', async () => {
    await insertStaffRow('staff-rafael', 'Rafael');
    const users: FakeUser[] = [{ localId: 'uid-nova', email: 'nova@ponte.com.br', displayName: 'Nova Pessoa', customAttributes: '{"plano":"pro"}' }];
    const emulator = trackEmulator(users);
    restore = emulator.restore;
    const granted = await call<Member>('POST', '/backoffice/staff/grant', { as: 'staff-rafael', admin: true, body: { email: ' nova@ponte.com.br ' } });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ uid: 'uid-nova', name: 'Nova Pessoa', email: 'nova@ponte.com.br' });
    expect(emulator.requests).toEqual([
      { action: 'accounts:lookup', authorization: 'Bearer owner', body: { email: ['nova@ponte.com.br'] } },
      { action: 'accounts:update', authorization: 'Bearer owner', body: { localId: 'uid-nova', customAttributes: '{"plano":"pro","admin":true}' } },
    ]);
    expect(users[0]?.customAttributes).toBe('{"plano":"pro","admin":true}');
    expect(await storedStaffRows()).toEqual([
      { uid: 'staff-rafael', name: 'Rafael', email: 'staff-rafael@ponte.com.br' },
      { uid: 'uid-nova', name: 'Nova Pessoa', email: 'nova@ponte.com.br' },
    ]);
    expect(await storedAudit('uid-nova')).toEqual([
      {
        kind: 'staff.grant',
        actor_uid: 'staff-rafael',
        actor_staff: 1,
        target_kind: 'staff',
        target_label: 'Nova Pessoa',
        before_json: null,
        after_json: JSON.stringify({ email: 'nova@ponte.com.br', admin: true }),
      },
    ]);

    const again = await call('POST', '/backoffice/staff/grant', { as: 'staff-rafael', admin: true, body: { email: 'nova@ponte.com.br' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'already-staff', message: STAFF_ALREADY_MESSAGE } });
  });

  it('an e-mail with no Firebase account: 400 at email with what to do; an invalid e-mail: 400; nothing written', async () => {
    await insertStaffRow('staff-rafael', 'Rafael');
    const emulator = trackEmulator([]);
    restore = emulator.restore;
    const missing = await call('POST', '/backoffice/staff/grant', { as: 'staff-rafael', admin: true, body: { email: 'ninguem@ponte.com.br' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: { code: 'no-firebase-account', message: staffNoAccountMessage('ninguem@ponte.com.br'), field: 'email' } });
    expect(staffNoAccountMessage('ninguem@ponte.com.br')).toBe(
      'Não há conta no Ponte IIoT com o e-mail ninguem@ponte.com.br. Peça à pessoa que crie a conta (ou entre uma vez) e tente de novo.',
    );
    const invalid = await call('POST', '/backoffice/staff/grant', { as: 'staff-rafael', admin: true, body: { email: 'nao-e-email' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: { code: 'validation', message: 'E-mail inválido. Use o formato nome@empresa.com.br.', field: 'email' } });
    expect(emulator.requests.map((request) => request.action)).toEqual(['accounts:lookup']);
    expect(await storedStaffRows()).toEqual([{ uid: 'staff-rafael', name: 'Rafael', email: 'staff-rafael@ponte.com.br' }]);
  });

  it('Firebase refusing the credential or unreachable: 503 with one pt-BR line, the reason in the log', async () => {
    await insertStaffRow('staff-rafael', 'Rafael');
    const refusing = trackEmulator([], () => Response.json({ error: { code: 401, message: 'UNAUTHORIZED' } }, { status: 401 }));
    restore = refusing.restore;
    const refused = await call('POST', '/backoffice/staff/grant', { as: 'staff-rafael', admin: true, body: { email: 'nova@ponte.com.br' } });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'firebase-admin-unavailable', message: FIREBASE_ADMIN_UNAVAILABLE_MESSAGE } });
    expect(logged).toHaveBeenCalledWith('firebase admin unavailable: accounts:lookup answered 401 UNAUTHORIZED (the staff routes answer 503 until it is fixed)');
    refusing.restore();
    const down = trackEmulator([], () => Promise.reject(new TypeError('connection refused')));
    restore = down.restore;
    const unreachable = await call('POST', '/backoffice/staff/grant', { as: 'staff-rafael', admin: true, body: { email: 'nova@ponte.com.br' } });
    expect(unreachable.status).toBe(503);
    expect(unreachable.body).toEqual({ error: { code: 'firebase-unreachable', message: FIREBASE_UNREACHABLE_MESSAGE } });
    expect(await storedStaffRows()).toHaveLength(1);
  });
});

describe('POST /backoffice/staff/{uid}/revoke', () => {
  it('the last member cannot be revoked (409, Firebase untouched); an unknown one is 404', async () => {
    await insertStaffRow('staff-rafael', 'Rafael');
    const emulator = trackEmulator([{ localId: 'staff-rafael', email: 'staff-rafael@ponte.com.br', customAttributes: '{"admin":true}' }]);
    restore = emulator.restore;
    const last = await call('POST', '/backoffice/staff/staff-rafael/revoke', { as: 'staff-rafael', admin: true });
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ error: { code: 'last-staff', message: STAFF_LAST_MESSAGE } });
    const unknown = await call('POST', '/backoffice/staff/ninguem/revoke', { as: 'staff-rafael', admin: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not-found', message: STAFF_NOT_FOUND_MESSAGE } });
    expect(emulator.requests).toEqual([]);
    expect(await storedStaffRows()).toHaveLength(1);
  });

  it('removes the claim, revokes the refresh tokens, and the API refuses the person’s older tokens at once', async () => {
    await insertStaffRow('staff-rafael', 'Rafael');
    await insertStaffRow('staff-bruna', 'Bruna', 'bruna@ponte.com.br');
    const users: FakeUser[] = [{ localId: 'staff-bruna', email: 'bruna@ponte.com.br', customAttributes: '{"admin":true,"plano":"pro"}' }];
    const emulator = trackEmulator(users);
    restore = emulator.restore;
    const seconds = Math.floor(Date.now() / 1000);
    const brunaToken = { token: makeEmulatorToken({ uid: 'staff-bruna', admin: true, auth_time: seconds - 60 }) };
    expect((await call('GET', '/backoffice/staff', { as: brunaToken })).status).toBe(200);

    const before = Date.now();
    const revoked = await call<Member>('POST', '/backoffice/staff/staff-bruna/revoke', { as: 'staff-rafael', admin: true });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ uid: 'staff-bruna', name: 'Bruna', email: 'bruna@ponte.com.br' });
    expect(emulator.requests.map(({ action, body }) => [action, { ...body, validSince: body.validSince === undefined ? undefined : 'set' }])).toEqual([
      ['accounts:lookup', { localId: ['staff-bruna'], validSince: undefined }],
      ['accounts:update', { localId: 'staff-bruna', customAttributes: '{"plano":"pro"}', validSince: 'set' }],
    ]);
    const validSince = Number(users[0]?.validSince);
    expect(validSince).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(validSince).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(await storedStaffRows()).toEqual([{ uid: 'staff-rafael', name: 'Rafael', email: 'staff-rafael@ponte.com.br' }]);
    const revocation = await env.DB.prepare('SELECT revoked_at FROM staff_revocation WHERE uid = ?').bind('staff-bruna').first<{ revoked_at: number }>();
    expect(revocation?.revoked_at).toBeGreaterThanOrEqual(before);
    expect(await storedAudit('staff-bruna')).toEqual([
      {
        kind: 'staff.revoke',
        actor_uid: 'staff-rafael',
        actor_staff: 1,
        target_kind: 'staff',
        target_label: 'Bruna',
        before_json: JSON.stringify({ admin: true }),
        after_json: JSON.stringify({ admin: false }),
      },
    ]);

    // Her token, still within its hour and still saying admin: refused at once, on every route.
    const stale = await call('GET', '/backoffice/staff', { as: brunaToken });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ error: { code: 'unauthenticated', message: 'Sessão ausente ou expirada. Entre novamente.' } });
    // Signed in again (after the revocation): her new token passes, without the claim.
    const fresh = { token: makeEmulatorToken({ uid: 'staff-bruna', auth_time: Math.ceil(Date.now() / 1000) + 1, iat: Math.ceil(Date.now() / 1000) + 1 }) };
    const signedInAgain = await call('GET', '/backoffice/staff', { as: fresh });
    expect(signedInAgain.status).toBe(403);
    expect(signedInAgain.body).toEqual({ error: { code: 'forbidden', message: 'Acesso restrito à equipe Ponte IIoT.' } });
  });
});
