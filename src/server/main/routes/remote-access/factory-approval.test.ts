/**
 * The factory's approval (issue 25, item 4), server side: a customer with "Exigir aprovação da fábrica" makes every
 * request for its machines wait for the factory — Administrador and Técnico alike, after an Administrador's approval
 * when the policy asks one —; the e-mail with the link lands in the mailbox; the public link shows the request and
 * decides once (approve, or refuse with a reason); a used, expired, replaced or refused request's link says why;
 * only the token's SHA-256 is stored, and the e-mail's row keeps the link only in demo mode; the token travels in
 * the request's body, never in an API path; another builder sees nothing.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_FACTORY_APPROVAL_NEEDS_EMAIL } from '@/contracts/customer';
import { FACTORY_APPROVAL_MESSAGES as FM, FACTORY_REFUSAL_MISSING, FACTORY_TOKEN_MISSING } from '@/contracts/factory-approval';
import { REMOTE_ACCESS_MESSAGES as M } from '@/contracts/remote-access';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { app } from '../../index';
import { newLinkToken, tokenHash } from './factory';
import { insertMachine, makePublicKey } from './fixtures';

interface Session {
  id: string;
  status: string;
  awaiting: string | null;
  requesterUid: string;
  decidedByName: string | null;
  refusalReason: string | null;
}
interface RequestAnswer {
  session: Session;
  message: string;
}
type ApiError = { error: { code: string; message: string; field?: string } };
interface Event {
  kind: string;
  sessionId: string;
  actorUid: string | null;
  actorName: string | null;
  reason: string;
}
interface Preview {
  builderName: string;
  requesterName: string;
  machineName: string;
  customerName: string;
  reason: string;
  durationHours: number;
  services: Array<{ port: number }>;
}

const FACTORY = { name: 'Frigorífico Teste S.A.', email: 'aprovacao@frigorifico.exemplo.com.br' };

const ask = (as: string, machineId: string, reason = 'Ajuste de receita no CLP') =>
  call<RequestAnswer & ApiError>('POST', `/machine/${machineId}/remote-access`, {
    as,
    body: { reason, durationHours: 4 },
    headers: { 'Idempotency-Key': makeIdempotencyKey() },
  });
const preview = (token: string) => call<Preview & ApiError>('POST', '/factory-approval/open', { body: { token } });
const decide = (token: string, body: object) =>
  call<{ status: string; message: string } & ApiError>('POST', '/factory-approval/decision', { body: { token, ...body } });
const session = async (as: string, id: string) => (await call<Session>('GET', `/remote-access/session/${id}`, { as })).body;
const events = async (as: string, id: string) =>
  (await call<{ data: Event[] }>('GET', '/remote-access/event?perPage=100', { as })).body.data.filter((event) => event.sessionId === id);

/** A customer of `owner` that requires the factory's approval, and a reachable machine installed there. */
async function factoryMachine(owner: string) {
  const created = await call<{ id: string; requireFactoryApproval: boolean }>('POST', '/customer', {
    as: owner,
    body: { name: FACTORY.name, cnpj: '11.222.333/0001-81', email: FACTORY.email, requireFactoryApproval: true },
    headers: { 'Idempotency-Key': makeIdempotencyKey() },
  });
  expect(created).toMatchObject({ status: 201, body: { requireFactoryApproval: true } });
  const { machine } = await insertMachine(owner);
  await env.DB.prepare('UPDATE machine SET customer_id = ? WHERE id = ?').bind(created.body.id, machine.id).run();
  return { machine, customerId: created.body.id };
}

/** The e-mails the account "sent" (the demo mailbox's table), newest first. */
async function mails(owner: string) {
  const { results } = await env.DB.prepare('SELECT to_address AS "to", subject, text, link FROM mail WHERE owner_uid = ? ORDER BY sent_at DESC, id DESC')
    .bind(owner)
    .all<{ to: string; subject: string; text: string; link: string }>();
  return results;
}

/**
 * A token for the newest approval link e-mailed by `owner`: its e-mail's row keeps no link outside demo mode (the
 * tests' Worker), so the link is given a token the test knows (its hash written in place of the e-mailed one's).
 */
async function latestToken(owner: string): Promise<string> {
  const [mail] = await mails(owner);
  expect(mail?.link).toBe('');
  const newest = await env.DB.prepare('SELECT token_hash AS hash FROM remote_access_factory_link WHERE owner_uid = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .bind(owner)
    .first<{ hash: string }>();
  const token = newLinkToken();
  await env.DB.prepare('UPDATE remote_access_factory_link SET token_hash = ? WHERE token_hash = ?').bind(await tokenHash(token), newest?.hash ?? '').run();
  return token;
}

async function setPolicy(owner: string, requireApproval: boolean) {
  const answer = await call('PUT', '/remote-access/policy', { as: owner, body: { requireApproval, maxDurationHours: 24 }, headers: { 'If-Match': '1' } });
  expect(answer.status).toBe(200);
}

let owner: string;
let tecnico: string;
beforeEach(async () => {
  owner = makeUid();
  tecnico = makeUid('tecnico');
  await arrangeMember(owner, tecnico, 'tecnico');
});

describe('the customer record', () => {
  it('"Exigir aprovação da fábrica" is off by default, kept when set, and needs the e-mail', async () => {
    const plain = await call<{ id: string; requireFactoryApproval: boolean }>('POST', '/customer', {
      as: owner,
      body: { name: 'Sem aprovação Ltda', cnpj: '11.444.777/0001-61' },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect(plain).toMatchObject({ status: 201, body: { requireFactoryApproval: false } });
    const noEmail = await call<ApiError>('POST', '/customer', {
      as: owner,
      body: { name: 'Sem e-mail Ltda', cnpj: '11.222.333/0001-81', requireFactoryApproval: true },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect(noEmail).toMatchObject({ status: 400, body: { error: { field: 'email', message: CUSTOMER_FACTORY_APPROVAL_NEEDS_EMAIL } } });
    const { customerId } = await factoryMachine(owner);
    expect((await call('GET', `/customer/${customerId}`, { as: owner })).body).toMatchObject({ requireFactoryApproval: true });
  });
});

describe('policy × factory', () => {
  it.each([
    ['administrador', false],
    ['administrador', true],
    ['tecnico', false],
  ] as const)('%s asks (Administrador approval required: %s) → waits for the factory, the e-mail sent', async (role, requireApproval) => {
    if (requireApproval) await setPolicy(owner, true);
    const { machine } = await factoryMachine(owner);
    const answer = await ask(role === 'administrador' ? owner : tecnico, machine.id);
    expect(answer.status).toBe(201);
    expect(answer.body.session).toMatchObject({ status: 'pending', awaiting: 'factory', decidedByName: null });
    expect(answer.body.message).toBe(M.pendingFactory(FACTORY.name, FACTORY.email));
    const [mail] = await mails(owner);
    expect(mail).toMatchObject({ to: FACTORY.email, subject: FM.mailSubject(owner, machine.name) });
    expect(mail?.text).toContain('Ajuste de receita no CLP');
    // An Administrador cannot approve in the factory's place.
    const approve = await call<ApiError>('POST', `/remote-access/session/${answer.body.session.id}/approve`, { as: owner });
    expect(approve).toMatchObject({ status: 409, body: { error: { code: 'awaiting-factory', message: M.awaitingFactory(FACTORY.name) } } });
  });

  it('técnico under a policy that requires approval: the Administrador first, then the factory', async () => {
    await setPolicy(owner, true);
    const { machine } = await factoryMachine(owner);
    const answer = await ask(tecnico, machine.id);
    expect(answer.body.session).toMatchObject({ status: 'pending', awaiting: 'admin' });
    expect(answer.body.message).toBe(M.pendingAdminThenFactory(FACTORY.name));
    expect(await mails(owner)).toHaveLength(0);
    const approved = await call<Session>('POST', `/remote-access/session/${answer.body.session.id}/approve`, { as: owner });
    expect(approved).toMatchObject({ status: 200, body: { status: 'pending', awaiting: 'factory' } });
    expect(await mails(owner)).toHaveLength(1);
    const [event] = (await events(owner, answer.body.session.id)).filter((e) => e.kind === 'approved');
    expect(event).toMatchObject({ actorUid: owner, reason: M.approvedThenFactory(FACTORY.name) });
    expect((await decide(await latestToken(owner), { decision: 'approve' })).status).toBe(200);
    expect(await session(tecnico, answer.body.session.id)).toMatchObject({ status: 'approved', awaiting: null });
  });
});

describe('no link token kept in clear', () => {
  it('only the token\'s SHA-256 is stored; the e-mail row keeps the link only in demo mode; the token goes in the body', async () => {
    const { machine } = await factoryMachine(owner);
    // Outside demo mode (the tests' Worker): the e-mail's row has no link.
    const asked = await ask(owner, machine.id);
    expect(asked.status).toBe(201);
    const [plain] = await mails(owner);
    expect(plain?.link).toBe('');
    // In demo mode the demo mailbox shows the link; the database still keeps only its token's SHA-256.
    const demoOwner = makeUid();
    const { machine: demoMachine } = await factoryMachine(demoOwner);
    const request = new Request(`http://localhost/machine/${demoMachine.id}/remote-access`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${makeEmulatorToken({ uid: demoOwner })}`, 'Content-Type': 'application/json', 'Idempotency-Key': makeIdempotencyKey() },
      body: JSON.stringify({ reason: 'Ajuste de receita no CLP', durationHours: 4 }),
    });
    const demoAnswer = await app.fetch(request, { ...env, DEMO: 'true' });
    expect(demoAnswer.status).toBe(201);
    const { session: demoSession } = (await demoAnswer.json()) as RequestAnswer;
    const [mail] = await mails(demoOwner);
    expect(mail?.link).toMatch(/^\/aprovacao-acesso\/[A-Za-z0-9_-]{43}$/);
    const token = decodeURIComponent(mail?.link.split('/').pop() ?? '');
    const stored = await env.DB.prepare('SELECT * FROM remote_access_factory_link WHERE session_id = ?').bind(demoSession.id).first<Record<string, unknown>>();
    expect(stored?.token_hash).toBe(await tokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    // The token travels in the body: the page's API paths carry none.
    expect((await preview(token)).status).toBe(200);
    expect((await call('GET', `/factory-approval/${token}`)).status).toBe(404);
    expect((await call('POST', `/factory-approval/${token}/decision`, { body: { decision: 'approve' } })).status).toBe(404);
    expect(await call('POST', '/factory-approval/open', { body: {} })).toMatchObject({ status: 400, body: { error: { field: 'token', message: FACTORY_TOKEN_MISSING } } });
    expect((await decide(token, { decision: 'approve' })).status).toBe(200);
  });
});

describe('the link', () => {
  it('shows the request signed out, approves once; the requester then downloads the profile', async () => {
    const { machine } = await factoryMachine(owner);
    const asked = await ask(tecnico, machine.id);
    const token = await latestToken(owner);
    const shown = await preview(token);
    expect(shown).toMatchObject({
      status: 200,
      body: { requesterName: tecnico, machineName: machine.name, customerName: FACTORY.name, reason: 'Ajuste de receita no CLP', durationHours: 4 },
    });
    expect(shown.body.services.map((service) => service.port)).toEqual([443, 102, 5900]);
    expect(shown.headers.get('Cache-Control')).toBe('no-store');

    const decided = await decide(token, { decision: 'approve' });
    expect(decided).toMatchObject({ status: 200, body: { status: 'approved', message: FM.approved(tecnico, machine.name, '4 horas') } });
    expect(await session(owner, asked.body.session.id)).toMatchObject({ status: 'approved', awaiting: null, decidedByName: FACTORY.name });
    const [event] = (await events(owner, asked.body.session.id)).filter((e) => e.kind === 'factory-approved');
    expect(event).toMatchObject({ actorUid: null, actorName: `${FACTORY.name} (${FACTORY.email})` });

    // Used: said on the page and on a second decision.
    expect(await preview(token)).toMatchObject({ status: 410, body: { error: { code: 'link-used', message: FM.used } } });
    expect(await decide(token, { decision: 'refuse', reason: 'Mudei de ideia' })).toMatchObject({ status: 410, body: { error: { message: FM.used } } });

    const profile = await call<{ session: Session } & ApiError>('POST', `/remote-access/session/${asked.body.session.id}/profile`, {
      as: tecnico,
      body: { publicKey: makePublicKey() },
    });
    expect(profile).toMatchObject({ status: 200, body: { session: { status: 'active' } } });
  });

  it('refuses with a reason (required); the link then says the request was refused', async () => {
    const { machine } = await factoryMachine(owner);
    const asked = await ask(owner, machine.id);
    const token = await latestToken(owner);
    expect(await decide(token, { decision: 'refuse' })).toMatchObject({ status: 400, body: { error: { field: 'reason', message: FACTORY_REFUSAL_MISSING } } });
    expect(await decide(token, { decision: 'talvez' })).toMatchObject({ status: 400, body: { error: { field: 'decision' } } });
    const refused = await decide(token, { decision: 'refuse', reason: '  Linha em produção até sexta  ' });
    expect(refused).toMatchObject({ status: 200, body: { status: 'refused', message: FM.refusedNow(owner) } });
    expect(await session(owner, asked.body.session.id)).toMatchObject({ status: 'refused', refusalReason: 'Linha em produção até sexta' });
    const [event] = (await events(owner, asked.body.session.id)).filter((e) => e.kind === 'factory-refused');
    expect(event).toMatchObject({ actorUid: null, reason: 'Linha em produção até sexta' });
    expect(await preview(token)).toMatchObject({ status: 410, body: { error: { code: 'request-refused', message: FM.refused } } });
  });

  it('dies with the request: refused by an Administrador, replaced, expired', async () => {
    const { machine } = await factoryMachine(owner);
    // Refused by the builder's Administrador while waiting.
    const first = await ask(tecnico, machine.id);
    const firstToken = await latestToken(owner);
    expect((await call('POST', `/remote-access/session/${first.body.session.id}/refuse`, { as: owner, body: { reason: 'Não é mais preciso' } })).status).toBe(200);
    expect(await preview(firstToken)).toMatchObject({ status: 410, body: { error: { message: FM.refused } } });

    // Replaced by a new request of the same person on the same machine.
    await ask(tecnico, machine.id);
    const replacedToken = await latestToken(owner);
    await ask(tecnico, machine.id, 'Outro motivo');
    const newToken = await latestToken(owner);
    expect(newToken).not.toBe(replacedToken);
    expect(await preview(replacedToken)).toMatchObject({ status: 410, body: { error: { code: 'request-ended', message: FM.ended } } });
    expect(await decide(replacedToken, { decision: 'approve' })).toMatchObject({ status: 410, body: { error: { message: FM.ended } } });
    expect((await preview(newToken)).body).toMatchObject({ reason: 'Outro motivo' });

    // Past its time: the link's own, or the request's wait (the request expires).
    await env.DB.prepare('UPDATE remote_access_factory_link SET expires_at = ? WHERE token_hash = ?').bind(Date.now() - 1, await tokenHash(newToken)).run();
    expect(await preview(newToken)).toMatchObject({ status: 410, body: { error: { code: 'link-expired', message: FM.expired } } });
    const late = await ask(owner, machine.id, 'Mais um');
    const lateToken = await latestToken(owner);
    await env.DB.prepare('UPDATE remote_access_session SET created_at = created_at - 90000000 WHERE id = ?').bind(late.body.session.id).run();
    expect(await decide(lateToken, { decision: 'approve' })).toMatchObject({ status: 410, body: { error: { message: FM.expired } } });
    expect(await session(owner, late.body.session.id)).toMatchObject({ status: 'expired' });
  });

  it('an unknown token is 404; another builder sees neither the request nor the e-mail', async () => {
    expect(await preview('nao-existe')).toMatchObject({ status: 404, body: { error: { message: FM.notFound } } });
    const { machine } = await factoryMachine(owner);
    const asked = await ask(owner, machine.id);
    const stranger = makeUid();
    expect((await call('GET', `/remote-access/session/${asked.body.session.id}`, { as: stranger })).status).toBe(404);
    expect(await mails(stranger)).toHaveLength(0);
    expect((await call<{ data: unknown[] }>('GET', '/remote-access/session?status=pending', { as: stranger })).body.data).toHaveLength(0);
  });

  it('a customer without e-mail: the request is refused, said plainly', async () => {
    const { machine, customerId } = await factoryMachine(owner);
    await env.DB.prepare("UPDATE customer SET email = '' WHERE id = ?").bind(customerId).run();
    const answer = await ask(tecnico, machine.id);
    expect(answer).toMatchObject({ status: 409, body: { error: { code: 'customer-no-email', message: M.customerNoEmail(FACTORY.name) } } });
  });
});
