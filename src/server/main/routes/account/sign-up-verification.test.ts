/** Issue 35, item 6: sign-up that cannot be abused — the CNPJ held until the e-mail is verified. */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { EMAIL_UNVERIFIED_MESSAGE } from '../../../shared/verified';
import { makeCnpj, callInvite, makePerson, type Person } from '../team/team-fixtures';
import { HOLD_MS, releaseUnverifiedHolds } from './holds';
import { CNPJ_TAKEN } from './routes';

/** A person who signed up with e-mail and password and has not opened the verification link yet. */
function unverified(prefix: string): Person {
  const who = makePerson(prefix);
  return { ...who, token: { token: makeEmulatorToken({ uid: who.uid, email: who.email, email_verified: false }) } };
}

async function registerWith(who: Person, cnpj = makeCnpj(), name = 'Montadora Nova Ltda') {
  return call('POST', '/assembler', {
    as: who.token,
    body: { name, cnpj, email: who.email },
    headers: { 'Idempotency-Key': makeIdempotencyKey() },
  });
}

const heldUntil = async (uid: string) =>
  (await env.DB.prepare('SELECT held_until FROM assembler WHERE uid = ?').bind(uid).first<{ held_until: number | null }>())?.held_until;

const REFUSED = { error: { code: 'email-unverified', message: EMAIL_UNVERIFIED_MESSAGE } };

describe('sign-up that cannot be abused', () => {
  it('an unverified account cannot buy, invite or connect: 403 with the reason; it can look around', async () => {
    const who = unverified('naoverificado');
    expect((await registerWith(who)).status).toBe(201);
    const key = { 'Idempotency-Key': makeIdempotencyKey() };
    const refusedCalls = [
      call('POST', '/order', { as: who.token, body: { items: [], addressId: 'x' }, headers: key }),
      call('POST', '/team/invitation', { as: who.token, body: { email: 'x@exemplo.com.br', role: 'tecnico' }, headers: key }),
      call('POST', '/team/invitation/inv-1/resend', { as: who.token }),
      call('POST', '/machine/maq-1/remote-access', { as: who.token, body: { durationHours: 1 }, headers: key }),
      call('POST', '/remote-access/session/ses-1/profile', { as: who.token, body: { publicKey: 'x' } }),
    ];
    for (const answer of await Promise.all(refusedCalls)) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(REFUSED);
    }
    // Looking around is fine: its profile, its (empty) orders and team.
    expect((await call('GET', '/me', { as: who.token })).status).toBe(200);
    expect((await call('GET', '/order', { as: who.token })).status).toBe(200);
    expect((await call('GET', '/team', { as: who.token })).status).toBe(200);
    // Without a token the answer is still the 401, not the e-mail's reason.
    expect((await call('POST', '/order', { body: {}, headers: key })).status).toBe(401);
  });

  it('once verified (the next token says so) the same account invites', async () => {
    const who = unverified('verifica');
    expect((await registerWith(who)).status).toBe(201);
    expect((await callInvite(who, 'tecnico@exemplo.com.br')).body).toEqual(REFUSED);
    const now: Person = { ...who, token: { token: makeEmulatorToken({ uid: who.uid, email: who.email }) } };
    const sent = await callInvite(now, 'tecnico@exemplo.com.br');
    expect(sent.status).toBe(201);
  });

  it('a CNPJ registered with an unverified e-mail is held 48 h; the first verified GET /me keeps it', async () => {
    const who = unverified('segura');
    const before = Date.now();
    expect((await registerWith(who)).status).toBe(201);
    const until = await heldUntil(who.uid);
    expect(until).toBeGreaterThanOrEqual(before + HOLD_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + HOLD_MS);
    // An unverified GET /me keeps the hold; a verified one clears it.
    await call('GET', '/me', { as: who.token });
    expect(await heldUntil(who.uid)).toBe(until);
    const verifiedToken = { token: makeEmulatorToken({ uid: who.uid, email: who.email }) };
    expect((await call('GET', '/me', { as: verifiedToken })).status).toBe(200);
    expect(await heldUntil(who.uid)).toBeNull();
  });

  it('a Google sign-in (verified by Firebase) registers without a hold', async () => {
    const who = makePerson('google');
    expect((await registerWith(who)).status).toBe(201);
    expect(await heldUntil(who.uid)).toBeNull();
  });

  it('a CNPJ held by an account unverified for 48 hours is released by the daily purge and registers again', async () => {
    const squatter = unverified('posseiro');
    const cnpj = makeCnpj();
    expect((await registerWith(squatter, cnpj)).status).toBe(201);
    const customer = await call('POST', '/customer', {
      as: squatter.token,
      body: { name: 'Cliente do posseiro', tradeName: 'Posseiro', cnpj: '11.222.333/0001-81', city: 'São José dos Campos', uf: 'sp' },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect(customer.status).toBe(201);
    // A verified account and a deleted one are never released, whatever their age.
    const kept = makePerson('mantida');
    expect((await registerWith(kept)).status).toBe(201);
    await env.DB.prepare('UPDATE assembler SET held_until = ? WHERE uid = ?').bind(Date.now() - 1, squatter.uid).run();

    // Before 48 h nothing is released.
    expect(await releaseUnverifiedHolds(drizzle(env.DB), Date.now() - 10_000)).toBe(0);
    expect(await releaseUnverifiedHolds(drizzle(env.DB))).toBeGreaterThanOrEqual(1);
    expect(await heldUntil(squatter.uid)).toBeUndefined();
    expect(await env.DB.prepare('SELECT uid FROM team_member WHERE account_uid = ?').bind(squatter.uid).first()).toBeNull();
    expect(await env.DB.prepare('SELECT id FROM customer WHERE owner_uid = ?').bind(squatter.uid).first()).toBeNull();
    expect(await env.DB.prepare('SELECT uid FROM assembler WHERE uid = ?').bind(kept.uid).first()).not.toBeNull();
    // The squatter's identity finds no company (the portal asks for the registration again).
    expect((await call('GET', '/me', { as: squatter.token })).status).toBe(404);

    const owner = makePerson('dona');
    expect((await registerWith(owner, cnpj)).status).toBe(201);
  });

  it('a CNPJ whose hold is over is released at once when someone else registers it (before the purge)', async () => {
    const squatter = unverified('posseiro2');
    const cnpj = makeCnpj();
    expect((await registerWith(squatter, cnpj)).status).toBe(201);
    const owner = makePerson('dona2');
    const refused = await registerWith(owner, cnpj);
    expect(refused.status).toBe(409);
    await env.DB.prepare('UPDATE assembler SET held_until = ? WHERE uid = ?').bind(Date.now() - 1, squatter.uid).run();
    expect((await registerWith(owner, cnpj)).status).toBe(201);
    expect(await heldUntil(squatter.uid)).toBeUndefined();
  });

  it('a CNPJ already registered is refused without saying by whom (held or kept, the same answer)', async () => {
    const first = makePerson('primeira');
    const cnpj = makeCnpj();
    expect((await registerWith(first, cnpj, 'Empresa Secreta Ltda')).status).toBe(201);
    const held = unverified('pendente');
    const heldCnpj = makeCnpj();
    expect((await registerWith(held, heldCnpj, 'Outra Secreta Ltda')).status).toBe(201);

    for (const taken of [cnpj, heldCnpj]) {
      const answer = await registerWith(makePerson('segunda'), taken);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: { code: 'cnpj-taken', message: CNPJ_TAKEN } });
    }
    expect(CNPJ_TAKEN).not.toMatch(/Secreta|primeira|pendente|@/);
  });
});
