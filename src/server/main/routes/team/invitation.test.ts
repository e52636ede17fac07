import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { INVITATION_TOKEN_MISSING, TEAM_MESSAGES } from '@/contracts/team';
import { arrangeMember, call, makeIdempotencyKey } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { app } from '../../index';
import { invitationTokenHash } from './mail';
import { expectError, callInvite, makePerson, callRegister, type Person } from './team-fixtures';

type Invitation = { id: string; email: string; role: string; status: string; link: string; expiresAt: { seconds: number } };
type Team = { invitations: Invitation[] };
type Mail = { to: string; subject: string; link: string; text: string };

/** GET /demo/mailbox with DEMO=true (the tests' Worker runs without it). */
async function mailbox(token: string, demo = true) {
  const response = await app.fetch(
    new Request('http://localhost/demo/mailbox', { headers: { Authorization: `Bearer ${token}` } }),
    { ...env, DEMO: demo ? 'true' : undefined },
  );
  return { status: response.status, body: (await response.json()) as Mail[] };
}

const tokenOf = (invitation: Pick<Invitation, 'link'>) => invitation.link.replace('/invite/', '');
/** The link's page: its token in the body (never in the API's path). */
const open = (token: string) => call('POST', '/invitation/open', { body: { token } });
const accept = (token: string, as?: { token: string }, body: Record<string, unknown> = {}) =>
  call('POST', '/invitation/accept', { ...(as ? { as } : {}), body: { token, ...body } });

/** POST /team/invitation with DEMO=true (the demo mailbox then keeps the e-mail's link). */
async function inviteInDemo(who: Person, email: string) {
  const response = await app.fetch(
    new Request('http://localhost/team/invitation', {
      method: 'POST',
      headers: { Authorization: `Bearer ${who.token.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': makeIdempotencyKey() },
      body: JSON.stringify({ email, role: 'tecnico' }),
    }),
    { ...env, DEMO: 'true' },
  );
  return { status: response.status, body: (await response.json()) as Invitation };
}

async function builder(name = 'Maria Oliveira Santos') {
  const maria = makePerson('maria');
  await callRegister(maria, name);
  return maria;
}

describe('invitations', () => {
  it('sends an invitation (a link that expires in 7 days) and keeps its e-mail in the demo mailbox', async () => {
    const maria = await builder();
    const created = await callInvite(maria, 'Novo.Tecnico@Exemplo.com.br ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'Novo.Tecnico@Exemplo.com.br', role: 'tecnico', status: 'pendente' });
    expect(created.body.link).toMatch(/^\/invite\/[0-9a-f]{36}$/);
    const days = (created.body.expiresAt.seconds * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const mails = await mailbox(maria.token.token);
    expect(mails.status).toBe(200);
    // Outside demo mode the e-mail's row keeps no link.
    expect(mails.body[0]).toMatchObject({
      to: 'Novo.Tecnico@Exemplo.com.br',
      subject: 'Maria Oliveira Santos convidou você para a equipe de Maria Oliveira Santos no Ponte IIoT',
      link: '',
    });
    expect(mails.body[0]?.text).toMatch(/^Abra o link para entrar na equipe\. O convite vale até \d{2}\/\d{2}\/\d{4}\.$/);
    const joao = await builder('João');
    expect((await mailbox(joao.token.token)).body).toEqual([]);
    // The mailbox: the Administrador's only, and only in demo mode.
    const carlos = makePerson('carlos');
    await arrangeMember(maria.uid, carlos.uid, 'tecnico');
    expect((await mailbox(carlos.token.token)).status).toBe(403);
    // No route answers a link to a Técnico or a Leitura.
    const juliana = makePerson('juliana');
    await arrangeMember(maria.uid, juliana.uid, 'leitura');
    for (const who of [carlos, juliana]) {
      for (const action of ['resend', 'revoke']) {
        expect((await call('POST', `/team/invitation/${created.body.id}/${action}`, { as: who.token })).status).toBe(403);
      }
      expect((await mailbox(who.token.token)).status).toBe(403);
    }
    // Técnico has no Equipe; Leitura reads it, without the links.
    expect((await call('GET', '/team', { as: carlos.token })).status).toBe(403);
    const read = await call<{ invitations: Array<{ link: string }> }>('GET', '/team', { as: juliana.token });
    expect(read.status).toBe(200);
    expect(read.body.invitations.map((invitation) => invitation.link)).toEqual(read.body.invitations.map(() => ''));
    const outside = await mailbox(maria.token.token, false);
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual({ error: { code: 'route-not-found', message: 'Rota inexistente: GET /demo/mailbox' } });
    // The key is required; the same key replays the same invitation.
    expect((await call('POST', '/team/invitation', { as: maria.token, body: { email: 'k@exemplo.com.br', role: 'leitura' } })).status).toBe(400);
  });

  it('refuses a malformed e-mail, a member, one already invited, a missing role', async () => {
    const maria = await builder();
    const carlos = makePerson('carlos');
    await arrangeMember(maria.uid, carlos.uid, 'tecnico');
    expectError(await callInvite(maria, 'maria@'), 400, 'E-mail inválido. Use o formato nome@empresa.com.br.', 'email');
    expectError(await callInvite(maria, `${carlos.uid}@EXAMPLE.com`), 409, TEAM_MESSAGES.alreadyMember, 'email');
    expectError(await callInvite(maria, maria.email.toUpperCase()), 409, 'Este e-mail já faz parte da equipe.', 'email');
    expect((await callInvite(maria, 'pendente@exemplo.com.br')).status).toBe(201);
    expectError(await callInvite(maria, 'PENDENTE@exemplo.com.br'), 409, 'Já existe um convite pendente para este e-mail.', 'email');
    expectError(
      await call('POST', '/team/invitation', { as: maria.token, body: { email: 'a@exemplo.com.br', role: 'dono' }, headers: { 'Idempotency-Key': 'k' } }),
      400,
      'Escolha o perfil.',
      'role',
    );
    // An expired invitation does not block a new one.
    const old = await callInvite(maria, 'vencido@exemplo.com.br', 'leitura');
    await env.DB.prepare('UPDATE invitation SET expires_at = 1 WHERE id = ?').bind(old.body.id).run();
    expect((await callInvite(maria, 'vencido@exemplo.com.br', 'leitura')).status).toBe(201);
  });

  it('one e-mail invited twice at once: one pending invitation (and one e-mail), the other refused', async () => {
    const maria = await builder();
    const answers = await Promise.all([callInvite(maria, 'dobrado@exemplo.com.br'), callInvite(maria, 'Dobrado@Exemplo.com.br', 'leitura')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused).toBeDefined();
    if (refused) expectError(refused, 409, TEAM_MESSAGES.alreadyInvited, 'email');
    const team = await call<Team>('GET', '/team', { as: maria.token });
    const pending = team.body.invitations.filter((i) => i.email.toLowerCase() === 'dobrado@exemplo.com.br');
    expect(pending.map((i) => [i.id, i.status])).toEqual([[answers.find((answer) => answer.status === 201)?.body.id, 'pendente']]);
    const mails = (await mailbox(maria.token.token)).body.filter((mail) => mail.to.toLowerCase() === 'dobrado@exemplo.com.br');
    expect(mails).toHaveLength(1);
  });

  it('resends (a new deadline, a new e-mail) and revokes; a revoked one is neither resent nor revoked again', async () => {
    const maria = await builder();
    const created = (await callInvite(maria, 'revogar@exemplo.com.br')).body;
    const before = (await mailbox(maria.token.token)).body.length;
    const resent = await call<Invitation>('POST', `/team/invitation/${created.id}/resend`, { as: maria.token });
    expect(resent.status).toBe(200);
    expect((await mailbox(maria.token.token)).body.length).toBe(before + 1);
    const revoked = await call<Invitation>('POST', `/team/invitation/${created.id}/revoke`, { as: maria.token });
    expect(revoked.body.status).toBe('revogado');
    expectError(await call('POST', `/team/invitation/${created.id}/revoke`, { as: maria.token }), 409, TEAM_MESSAGES.invitationNotPending);
    expectError(await call('POST', `/team/invitation/${created.id}/resend`, { as: maria.token }), 409, TEAM_MESSAGES.invitationNotPending);
    expect((await mailbox(maria.token.token)).body.length).toBe(before + 1);
    const joao = await builder('João');
    expectError(await call('POST', `/team/invitation/${created.id}/resend`, { as: joao.token }), 404, TEAM_MESSAGES.invitationNotFound);
    // An expired one can be resent: it works again for 7 days.
    const expired = (await callInvite(maria, 'ana@exemplo.com.br', 'leitura')).body;
    await env.DB.prepare('UPDATE invitation SET expires_at = 1 WHERE id = ?').bind(expired.id).run();
    const team = await call<Team>('GET', '/team', { as: maria.token });
    expect(team.body.invitations.find((i) => i.id === expired.id)?.status).toBe('expirado');
    const renewed = await call<Invitation>('POST', `/team/invitation/${expired.id}/resend`, { as: maria.token });
    expect(renewed.body.status).toBe('pendente');
    // Not when the e-mail has a newer pending invitation: one pending invitation per e-mail, as for a new one.
    const older = (await callInvite(maria, 'bia@exemplo.com.br')).body;
    await env.DB.prepare('UPDATE invitation SET expires_at = 1 WHERE id = ?').bind(older.id).run();
    expect((await callInvite(maria, 'bia@exemplo.com.br')).status).toBe(201);
    expectError(await call('POST', `/team/invitation/${older.id}/resend`, { as: maria.token }), 409, TEAM_MESSAGES.alreadyInvited, 'email');
    // Renewing an expired one while the same e-mail is invited anew, at once: one of them, never two pending.
    const lapsed = (await callInvite(maria, 'caio@exemplo.com.br')).body;
    await env.DB.prepare('UPDATE invitation SET expires_at = 1 WHERE id = ?').bind(lapsed.id).run();
    const [renewal, fresh] = await Promise.all([
      call('POST', `/team/invitation/${lapsed.id}/resend`, { as: maria.token }),
      callInvite(maria, 'caio@exemplo.com.br'),
    ]);
    expect([renewal.status, fresh.status].filter((status) => status === 200 || status === 201)).toHaveLength(1);
    const after = await call<Team>('GET', '/team', { as: maria.token });
    const active = after.body.invitations.filter((i) => i.email === 'caio@exemplo.com.br' && i.status === 'pendente');
    expect(active).toHaveLength(1);
  });
});

describe('the link', () => {
  it('shows the account, role and status to anyone (never the link); unknown tokens are 404', async () => {
    const maria = await builder();
    const created = (await callInvite(maria, 'pedro@exemplo.com.br')).body;
    const preview = await open(tokenOf(created));
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      accountName: 'Maria Oliveira Santos',
      email: 'pedro@exemplo.com.br',
      role: 'tecnico',
      status: 'pendente',
      expiresAt: { seconds: expect.any(Number), nanos: expect.any(Number) },
      invitedBy: 'Maria Oliveira Santos',
    });
    expectError(await open('nao-existe'), 404, 'Convite não encontrado.');
  });

  it('accepted by the invited e-mail: the invitee joins with the role and works on the account; a retry is the same', async () => {
    const maria = await builder();
    const pedro = makePerson('pedro');
    const created = (await callInvite(maria, pedro.email.toUpperCase())).body;
    const accepted = await accept(tokenOf(created), pedro.token, { name: 'Pedro Alves' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ accountName: 'Maria Oliveira Santos', role: 'tecnico' });
    const me = await call('GET', '/me', { as: pedro.token });
    expect(me.body).toMatchObject({ name: 'Pedro Alves', role: 'tecnico', accountName: 'Maria Oliveira Santos' });
    expect((await accept(tokenOf(created), pedro.token)).status).toBe(200);
    const team = await call<Team>('GET', '/team', { as: maria.token });
    expect(team.body.invitations.find((i) => i.id === created.id)?.status).toBe('aceito');
    expectError(await accept(tokenOf(created), makePerson('alguem').token), 409, TEAM_MESSAGES.invitationAccepted);
  });

  it('two accounts\' invitations accepted at once: the person joins one, the other says so and stays pending', async () => {
    const maria = await builder();
    const joao = await builder('João Pereira');
    const pedro = makePerson('pedro');
    const [fromMaria, fromJoao] = await Promise.all([callInvite(maria, pedro.email), callInvite(joao, pedro.email)]);
    const answers = await Promise.all(
      [fromMaria, fromJoao].map((created) => accept(tokenOf(created.body), pedro.token)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body).toEqual({ error: { code: 'other-account', message: TEAM_MESSAGES.otherAccount } });
    const joined = answers[0]?.status === 200 ? fromMaria : fromJoao;
    const other = joined === fromMaria ? fromJoao : fromMaria;
    const statusOf = async (created: typeof fromMaria) =>
      ((await open(tokenOf(created.body))).body as { status: string }).status;
    expect(await statusOf(joined)).toBe('aceito');
    expect(await statusOf(other)).toBe('pendente');
    const rows = await env.DB.prepare('SELECT account_uid FROM team_member WHERE uid = ?').bind(pedro.uid).all();
    expect(rows.results).toHaveLength(1);
  });

  it('refuses another e-mail, a revoked or expired link, no session, someone who has a company already', async () => {
    const maria = await builder();
    const pedroEmail = 'pedro.alves@exemplo.com.br';
    const pending = (await callInvite(maria, pedroEmail)).body;
    const stranger = makePerson('alguem');
    expectError(
      await accept(tokenOf(pending), stranger.token),
      403,
      `Este convite é para ${pedroEmail}. Saia e entre com esse e-mail para aceitá-lo.`,
    );
    expect((await accept(tokenOf(pending))).status).toBe(401);
    await env.DB.prepare('UPDATE invitation SET expires_at = 1 WHERE id = ?').bind(pending.id).run();
    expectError(await accept(tokenOf(pending), stranger.token), 410, TEAM_MESSAGES.invitationExpired);
    const revoked = (await callInvite(maria, 'novo.socio@exemplo.com.br')).body;
    await call('POST', `/team/invitation/${revoked.id}/revoke`, { as: maria.token });
    expectError(await accept(tokenOf(revoked), stranger.token), 410, 'Este convite foi cancelado por quem o enviou.');
    // João (another builder) invited by his e-mail (written in behind the checks) is refused when he accepts.
    const joao = await builder('João');
    const forJoao = (await callInvite(maria, 'placeholder@exemplo.com.br')).body;
    await env.DB.prepare('UPDATE invitation SET email = ?, email_key = ? WHERE id = ?').bind(joao.email, joao.email, forJoao.id).run();
    expectError(await accept(tokenOf(forJoao), joao.token), 409, TEAM_MESSAGES.otherAccount);
    // The token is required in the body; a name too long is refused.
    const fresh = (await callInvite(maria, 'json@exemplo.com.br')).body;
    const who = { token: makeEmulatorToken({ uid: `json-${fresh.id}`, email: 'json@exemplo.com.br', name: 'Jota' }) };
    expect((await accept(tokenOf(fresh), who, { name: 'x'.repeat(121) })).status).toBe(400);
    expect((await call('POST', '/invitation/accept', { as: who, body: '{' })).status).toBe(400);
    expectError(await call('POST', '/invitation/accept', { as: who, body: { name: 'Jota' } }), 400, INVITATION_TOKEN_MISSING, 'token');
    expect((await accept(tokenOf(fresh), who)).status).toBe(200);
    expect((await call('GET', '/me', { as: who })).body).toMatchObject({ name: 'Jota', role: 'tecnico' });
  });
});

describe('no link token kept in clear', () => {
  it('stores only the token\'s SHA-256; the link is in the answer that made it, in no list, replay or e-mail row outside demo', async () => {
    const maria = await builder();
    const key = makeIdempotencyKey();
    const body = { email: 'claro@exemplo.com.br', role: 'tecnico' };
    const created = await call<Invitation>('POST', '/team/invitation', { as: maria.token, body, headers: { 'Idempotency-Key': key } });
    expect(created.status).toBe(201);
    const token = tokenOf(created.body);
    expect(token).toMatch(/^[0-9a-f]{36}$/);
    const row = await env.DB.prepare('SELECT * FROM invitation WHERE id = ?').bind(created.body.id).first<Record<string, unknown>>();
    expect(row?.token).toBe(await invitationTokenHash(token));
    // Nowhere in the database in clear: the invitation, its e-mail, the create's stored replay.
    for (const table of ['invitation', 'mail', 'idempotency_key']) {
      const { results } = await env.DB.prepare(`SELECT * FROM ${table}`).all();
      expect(JSON.stringify(results)).not.toContain(token);
    }
    // A retry with the same key answers the invitation, without the link (it was not kept).
    const replay = await call<Invitation>('POST', '/team/invitation', { as: maria.token, body, headers: { 'Idempotency-Key': key } });
    expect(replay).toMatchObject({ status: 201, body: { id: created.body.id, link: '' } });
    // GET /team lists the invitation without a link; the link still opens it.
    const team = await call<Team>('GET', '/team', { as: maria.token });
    expect(team.body.invitations.find((i) => i.id === created.body.id)?.link).toBe('');
    expect((await open(token)).status).toBe(200);
    // A resend makes a new link; the old one no longer opens the invitation.
    const resent = await call<Invitation>('POST', `/team/invitation/${created.body.id}/resend`, { as: maria.token });
    expect(resent.body.link).toMatch(/^\/invite\/[0-9a-f]{36}$/);
    expect(resent.body.link).not.toBe(created.body.link);
    expectError(await open(token), 404, TEAM_MESSAGES.invitationNotFound);
    expect((await open(tokenOf(resent.body))).status).toBe(200);
    // The token goes in the body: no API path carries it.
    expect((await call('GET', `/invitation/${tokenOf(resent.body)}`)).status).toBe(404);
    expect((await call('POST', `/invitation/${tokenOf(resent.body)}/accept`, { as: makePerson('x').token })).status).toBe(404);
    expectError(await call('POST', '/invitation/open', { body: {} }), 400, INVITATION_TOKEN_MISSING, 'token');
  });

  it('in demo mode the demo mailbox shows the e-mail\'s link (the one the answer gave)', async () => {
    const maria = await builder();
    const created = await inviteInDemo(maria, 'demo.claro@exemplo.com.br');
    expect(created.status).toBe(201);
    expect(created.body.link).toMatch(/^\/invite\/[0-9a-f]{36}$/);
    const mails = await mailbox(maria.token.token);
    expect(mails.body[0]).toMatchObject({ to: 'demo.claro@exemplo.com.br', link: created.body.link });
  });

  it('the invitation route does not reveal that an e-mail belongs to another account; the invitee learns at acceptance', async () => {
    const maria = await builder();
    const joao = await builder('João');
    const other = await callInvite(maria, joao.email.toUpperCase());
    const fresh = await callInvite(maria, 'ninguem.ainda@exemplo.com.br');
    // The same answer as any new invitation.
    expect(other.status).toBe(201);
    expect(Object.keys(other.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(other.body).toMatchObject({ status: 'pendente', role: 'tecnico' });
    // A member of another account too.
    const carlos = makePerson('carlos');
    await arrangeMember(joao.uid, carlos.uid, 'tecnico');
    await env.DB.prepare('UPDATE team_member SET email = ? WHERE uid = ?').bind(carlos.email, carlos.uid).run();
    expect((await callInvite(maria, carlos.email)).status).toBe(201);
    // Its resend, once expired, neither.
    await env.DB.prepare('UPDATE invitation SET expires_at = 1 WHERE id = ?').bind(other.body.id).run();
    const renewed = await call<Invitation>('POST', `/team/invitation/${other.body.id}/resend`, { as: maria.token });
    expect(renewed).toMatchObject({ status: 200, body: { status: 'pendente' } });
    // João learns it when he accepts.
    expectError(await accept(tokenOf(renewed.body), joao.token), 409, TEAM_MESSAGES.otherAccount);
  });
});
