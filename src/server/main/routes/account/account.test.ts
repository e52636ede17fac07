import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { makeCnpj, makePerson, callRegister } from '../team/team-fixtures';
import { ASSEMBLER_EXISTS, CNPJ_TAKEN, EMAIL_MISMATCH } from './routes';

describe('/me and /assembler', () => {
  it('401 without a token or with a bad one; 404 for someone who registered nothing', async () => {
    expect((await call('GET', '/me')).status).toBe(401);
    expect((await call('GET', '/me', { as: { token: 'not-a-jwt' } })).status).toBe(401);
    const newcomer = makePerson('novo');
    const unknown = await call('GET', '/me', { as: newcomer.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'profile-not-found', message: 'Perfil não encontrado para esta conta.' } });
  });

  it('registers the company once per key, its registrant Administrador; GET /me answers the profile', async () => {
    const who = makePerson('maria');
    const cnpj = makeCnpj();
    const body = { name: 'Nova Montadora Ltda', cnpj, email: who.email.toUpperCase() };
    const headers = { 'Idempotency-Key': makeIdempotencyKey() };
    const first = await call('POST', '/assembler', { as: who.token, body, headers });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      uid: who.uid,
      name: 'Nova Montadora Ltda',
      cnpj,
      email: who.email.toUpperCase(),
      createdAt: { seconds: expect.any(Number), nanos: expect.any(Number) },
    });
    const replay = await call('POST', '/assembler', { as: who.token, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const again = await call<{ error: { code: string; message: string } }>('POST', '/assembler', {
      as: who.token,
      body,
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'assembler-exists', message: ASSEMBLER_EXISTS });

    const member = await env.DB.prepare('SELECT account_uid, role FROM team_member WHERE uid = ?').bind(who.uid).first();
    expect(member).toEqual({ account_uid: who.uid, role: 'administrador' });

    const me = await call('GET', '/me', { as: who.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      name: 'Nova Montadora Ltda',
      cnpj,
      email: who.email.toUpperCase(),
      role: 'administrador',
      accountName: 'Nova Montadora Ltda',
    });

    // The CNPJ is unique across builders.
    const other = makePerson('outro');
    const taken = await call<{ error: { code: string; message: string } }>('POST', '/assembler', {
      as: other.token,
      body: { ...body, email: other.email },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'cnpj-taken', message: CNPJ_TAKEN });
  });

  it('validates with field messages; the e-mail must be the account\'s; the key is required', async () => {
    const who = makePerson('novo');
    const body = { name: 'Nova Montadora Ltda', cnpj: '12.ABC.345/01DE-35', email: who.email };
    const headers = { 'Idempotency-Key': makeIdempotencyKey() };
    const badCnpj = await call('POST', '/assembler', { as: who.token, body: { ...body, cnpj: '11.222.333/0001-82' }, headers });
    expect(badCnpj.status).toBe(400);
    expect(badCnpj.body).toEqual({ error: { code: 'validation', message: 'CNPJ inválido.', field: 'cnpj' } });
    const otherEmail = await call('POST', '/assembler', { as: who.token, body: { ...body, email: 'x@y.com' }, headers });
    expect(otherEmail.body).toEqual({ error: { code: 'validation', message: EMAIL_MISMATCH, field: 'email' } });
    expect((await call('POST', '/assembler', { as: who.token, body: '{', headers })).status).toBe(400);
    expect((await call('POST', '/assembler', { as: who.token, body })).status).toBe(400);
    // Keys are per account: another caller's same key is not a replay of this one (it is its own create).
    const thief = makePerson('ladrao');
    const stolen = await call('POST', '/assembler', { as: thief.token, body, headers });
    expect(stolen.status).toBe(400);
  });

  it('PATCH /me renames the caller only (its company and member rows); a member sees the account\'s CNPJ', async () => {
    const maria = makePerson('maria');
    await callRegister(maria, 'Maria Santos');
    const renamed = await call('PATCH', '/me', { as: maria.token, body: { name: '  Maria O. Santos ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Maria O. Santos', accountName: 'Maria O. Santos' });
    const empty = await call('PATCH', '/me', { as: maria.token, body: { name: ' ' } });
    expect(empty.status).toBe(400);
    const nobody = await call('PATCH', '/me', { as: makePerson('ninguem').token, body: { name: 'Alguém' } });
    expect(nobody.status).toBe(404);

    // A member (Leitura) renames itself, not the company; GET /me records its last access.
    const juliana = makePerson('juliana');
    await env.DB.prepare(
      "INSERT INTO team_member (uid, account_uid, name, email, role, joined_at, version, updated_at) VALUES (?, ?, 'Juliana', ?, 'leitura', 1, 1, 1)",
    )
      .bind(juliana.uid, maria.uid, juliana.email)
      .run();
    const mine = await call<{ cnpj: string }>('GET', '/me', { as: maria.token });
    const hers = await call('GET', '/me', { as: juliana.token });
    expect(hers.body).toEqual({ name: 'Juliana', cnpj: mine.body.cnpj, email: juliana.email, role: 'leitura', accountName: 'Maria O. Santos' });
    const access = await env.DB.prepare('SELECT last_access_at FROM team_member WHERE uid = ?').bind(juliana.uid).first<{ last_access_at: number }>();
    expect(access?.last_access_at).toBeGreaterThan(Date.now() - 5000);
    const renamedHer = await call('PATCH', '/me', { as: juliana.token, body: { name: 'Juliana N.' } });
    expect(renamedHer.body).toMatchObject({ name: 'Juliana N.', accountName: 'Maria O. Santos', role: 'leitura' });
  });

  it('staff: their name, no CNPJ', async () => {
    const uid = `staff-${makeIdempotencyKey()}`;
    await env.DB.prepare("INSERT INTO staff (uid, name, email) VALUES (?, 'Rafael', 'rafael@ponte.exemplo')").bind(uid).run();
    const me = await call('GET', '/me', { as: uid, admin: true });
    expect(me.body).toEqual({ name: 'Rafael', cnpj: null, email: 'rafael@ponte.exemplo' });
  });
});
