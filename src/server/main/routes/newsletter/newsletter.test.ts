import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES, PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { answerProblem } from '../../../testing/conformance';
import { app } from '../../index';
import { hashToken } from './mail';
import { NEWSLETTER_RESEND_INTERVAL_MS } from './routes';

type Mail = { to: string; subject: string; text: string; link: string | null; unsubscribeLink: string };

/** A call in demo mode (the tests' Worker runs without it): the e-mails land in the demo's mailbox. */
async function demo<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await app.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...env, DEMO: 'true' },
  );
  const text = await response.text();
  const parsed = text === '' ? null : (JSON.parse(text) as T);
  const problem = path.startsWith('/demo/') ? null : answerProblem('main', method, path, response.status, response.headers.get('content-type'), parsed);
  if (problem) throw new Error(problem);
  return { status: response.status, body: parsed as T };
}

const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
  demo<Record<string, unknown>>('POST', '/newsletter', { email, consent: true, policyVersion: PRIVACY_POLICY_VERSION, ...extra });
const mailbox = async (email: string) => (await demo<Mail[]>('GET', `/demo/newsletter-mailbox?email=${encodeURIComponent(email)}`)).body;
const tokenOf = (link: string | null) => (link ?? '').split('/').pop() ?? '';
const uniqueEmail = (name: string) => `${name}.${makeIdempotencyKey()}@exemplo.com.br`;

async function row(email: string) {
  return env.DB.prepare('SELECT * FROM newsletter WHERE email = ?').bind(email).first<Record<string, unknown>>();
}

describe('POST /newsletter (double opt-in)', () => {
  it('validates the e-mail, the consent and the policy version', async () => {
    const email = uniqueEmail('leitor');
    const bad = await call('POST', '/newsletter', { body: { email: 'nao-e-email', consent: true, policyVersion: PRIVACY_POLICY_VERSION } });
    expect(bad.body).toEqual({ error: { code: 'validation', message: 'E-mail inválido. Use o formato nome@empresa.com.br.', field: 'email' } });
    const missing = await call('POST', '/newsletter', { body: {} });
    expect(missing.body).toEqual({ error: { code: 'validation', message: 'Informe o e-mail.', field: 'email' } });
    for (const consent of [undefined, false, 'true']) {
      const refused = await call('POST', '/newsletter', { body: { email, consent, policyVersion: PRIVACY_POLICY_VERSION } });
      expect(refused.body).toEqual({ error: { code: 'validation', message: NEWSLETTER_MESSAGES.consentRequired, field: 'consent' } });
    }
    const outdated = await call('POST', '/newsletter', { body: { email, consent: true, policyVersion: '2020-01-01' } });
    expect(outdated.body).toEqual({ error: { code: 'validation', message: NEWSLETTER_MESSAGES.policyOutdated, field: 'consent' } });
    expect((await call('POST', '/newsletter', { body: '{' })).status).toBe(400);
    expect(await row(email)).toBeNull();
  });

  it('keeps a pending subscription with its consent (time, policy version) and a hashed token; its e-mail queued without its links outside demo mode', async () => {
    const email = uniqueEmail('Leitor');
    const before = Date.now();
    const first = await call('POST', '/newsletter', { body: { email: ` ${email} `, consent: true, policyVersion: PRIVACY_POLICY_VERSION } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ email: email.toLowerCase(), status: 'pendente' });
    const kept = await row(email.toLowerCase());
    expect(kept).toMatchObject({ status: 'pendente', policy_version: PRIVACY_POLICY_VERSION, confirmed_at: null });
    expect(Number(kept?.consent_at)).toBeGreaterThanOrEqual(before);
    expect(String(kept?.confirm_token_hash)).toMatch(/^[0-9a-f]{64}$/);
    // Outside demo mode the e-mail's row (the outbox, src/server/main/mail/) keeps no link in clear: its links leave
    // with the queued message only.
    const mails = await env.DB.prepare('SELECT subject, link, unsubscribe_link AS unsubscribeLink FROM newsletter_mail WHERE to_address = ?')
      .bind(email.toLowerCase())
      .all();
    expect(mails.results).toEqual([{ subject: 'Confirme sua inscrição na newsletter do Ponte IIoT', link: null, unsubscribeLink: '' }]);
  });

  it('confirms by the e-mail link: pending until then, once; typed twice → one subscription and one e-mail', async () => {
    const email = uniqueEmail('dupla');
    expect((await subscribe(email)).status).toBe(201);
    const again = await subscribe(email.toUpperCase());
    expect(again).toEqual({ status: 201, body: { email, status: 'pendente' } });
    const [confirmation, ...rest] = await mailbox(email);
    expect(rest).toEqual([]);
    expect(confirmation?.subject).toBe('Confirme sua inscrição na newsletter do Ponte IIoT');
    expect(confirmation?.link).toMatch(/^\/newsletter\/confirmar\/[A-Za-z0-9_-]{43}$/);
    expect(confirmation?.unsubscribeLink).toMatch(/^\/newsletter\/cancelar\/[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept.
    const token = tokenOf(confirmation?.link ?? null);
    expect((await row(email))?.confirm_token_hash).toBe(await hashToken(token));
    expect(JSON.stringify(await row(email))).not.toContain(token);

    expect((await demo('POST', '/newsletter/confirm', { token })).body).toEqual({ outcome: 'confirmed', email });
    expect((await row(email))?.status).toBe('ativo');
    expect((await demo('POST', '/newsletter/confirm', { token })).body).toEqual({ outcome: 'already-confirmed', email });
    const active = await subscribe(email);
    expect(active).toEqual({ status: 201, body: { email, status: 'pendente' } });
    expect((await row(email))?.status).toBe('ativo');

    // The welcome e-mail: the first newsletter e-mail, with its own unsubscribe link.
    const [welcome] = await mailbox(email);
    expect(welcome).toMatchObject({ subject: 'Inscrição confirmada: newsletter do Ponte IIoT', link: null });
    expect(welcome?.unsubscribeLink).not.toBe(confirmation?.unsubscribeLink);
  });

  it('answers the same whether the address is new, pending or confirmed, and resends at most once per 10 minutes (issue 35)', async () => {
    const email = uniqueEmail('oraculo');
    const fresh = await subscribe(email);
    const pending = await subscribe(email);
    expect(pending).toEqual(fresh);
    expect(await mailbox(email)).toHaveLength(1);
    // Ten minutes later, still pending: one new confirmation e-mail (a new link; the old one no longer confirms).
    await env.DB.prepare('UPDATE newsletter SET updated_at = updated_at - ? WHERE email = ?').bind(NEWSLETTER_RESEND_INTERVAL_MS + 1000, email).run();
    expect(await subscribe(email)).toEqual(fresh);
    expect(await subscribe(email)).toEqual(fresh);
    const letters = await mailbox(email);
    expect(letters).toHaveLength(2);
    const [latest] = letters;
    expect((await demo('POST', '/newsletter/confirm', { token: tokenOf(latest?.link ?? null) })).body).toEqual({ outcome: 'confirmed', email });
    const confirmed = await subscribe(email);
    expect(confirmed).toEqual(fresh);
    expect(await call('POST', '/newsletter', { body: { email, consent: true, policyVersion: PRIVACY_POLICY_VERSION } })).toMatchObject({
      status: fresh.status,
      body: fresh.body,
    });
    expect((await row(email))?.status).toBe('ativo');
  });

  it('two requests at once make one subscription and one confirmation e-mail', async () => {
    const email = uniqueEmail('corrida');
    const answers = await Promise.all([subscribe(email), subscribe(email), subscribe(email)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await mailbox(email)).toHaveLength(1);
  });

  it('unsubscribes by any e-mail link; twice says so; subscribing again asks a new consent and confirmation', async () => {
    const email = uniqueEmail('cancela');
    await subscribe(email);
    const [confirmation] = await mailbox(email);
    await demo('POST', '/newsletter/confirm', { token: tokenOf(confirmation?.link ?? null) });
    const [welcome] = await mailbox(email);
    const cancel = tokenOf(welcome?.unsubscribeLink ?? null);
    expect((await demo('POST', '/newsletter/unsubscribe', { token: cancel })).body).toEqual({ outcome: 'cancelled', email });
    expect(await row(email)).toMatchObject({ status: 'cancelado' });
    expect((await demo('POST', '/newsletter/unsubscribe', { token: cancel })).body).toEqual({ outcome: 'already-cancelled', email });
    // The old confirmation link now says the subscription was cancelled.
    const stale = await demo('POST', '/newsletter/confirm', { token: tokenOf(confirmation?.link ?? null) });
    expect(stale.status).toBe(409);

    const consentBefore = Number((await row(email))?.consent_at);
    expect((await subscribe(email)).status).toBe(201);
    expect(await row(email)).toMatchObject({ status: 'pendente', unsubscribed_at: null });
    expect(Number((await row(email))?.consent_at)).toBeGreaterThanOrEqual(consentBefore);
    const mails = await mailbox(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirme sua inscrição na newsletter do Ponte IIoT',
      'Inscrição confirmada: newsletter do Ponte IIoT',
      'Confirme sua inscrição na newsletter do Ponte IIoT',
    ]);
    const renewed = tokenOf(mails[0]?.link ?? null);
    expect((await demo('POST', '/newsletter/confirm', { token: renewed })).body).toEqual({ outcome: 'confirmed', email });
    // The first confirmation link belongs to the cancelled consent: no longer ours.
    expect((await demo('POST', '/newsletter/confirm', { token: tokenOf(confirmation?.link ?? null) })).status).toBe(404);
  });

  it('a cancelled pending confirmation, an expired link, an unknown or malformed token', async () => {
    const email = uniqueEmail('expira');
    await subscribe(email);
    const [confirmation] = await mailbox(email);
    const token = tokenOf(confirmation?.link ?? null);
    await env.DB.prepare('UPDATE newsletter SET confirm_expires_at = ? WHERE email = ?').bind(Date.now() - 1, email).run();
    expect(await demo('POST', '/newsletter/confirm', { token })).toEqual({
      status: 410,
      body: { error: { code: 'link-expired', message: NEWSLETTER_MESSAGES.confirmExpired } },
    });
    // Expired: subscribing again sends a new confirmation.
    expect((await subscribe(email)).status).toBe(201);
    const [renewed] = await mailbox(email);
    // Cancelled before confirming (the confirmation e-mail's own "não fui eu" link).
    await demo('POST', '/newsletter/unsubscribe', { token: tokenOf(renewed?.unsubscribeLink ?? null) });
    expect(await demo('POST', '/newsletter/confirm', { token: tokenOf(renewed?.link ?? null) })).toEqual({
      status: 409,
      body: { error: { code: 'subscription-cancelled', message: NEWSLETTER_MESSAGES.confirmCancelled } },
    });

    const unknown = 'A'.repeat(43);
    expect((await demo('POST', '/newsletter/confirm', { token: unknown })).body).toEqual({ error: { code: 'link-invalid', message: NEWSLETTER_MESSAGES.confirmInvalid } });
    expect((await demo('POST', '/newsletter/unsubscribe', { token: 'curto' })).body).toEqual({ error: { code: 'link-invalid', message: NEWSLETTER_MESSAGES.cancelInvalid } });
    expect((await demo('POST', '/newsletter/unsubscribe', {})).body).toEqual({ error: { code: 'validation', message: NEWSLETTER_MESSAGES.tokenMissing, field: 'token' } });
  });

  it('the demo mailbox is 404 outside demo mode and answers one address only', async () => {
    const outside = await app.fetch(new Request('http://localhost/demo/newsletter-mailbox?email=a@b.com.br'), env);
    expect(outside.status).toBe(404);
    expect(await mailbox('')).toEqual([]);
  });
});
