/**
 * E-mail that leaves (issue 37, item 1): the outbox row, the `ponte-mail` queue and its consumer, against a double of
 * the provider's HTTP API (globalThis.fetch answers as Resend would, and records each request).
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUid } from '../../testing/api';
import { callInvite, callRegister, makePerson } from '../routes/team/team-fixtures';
import type { Env } from '../../shared/env';
import worker from '../index';
import { deliverMail, MAX_MAIL_ATTEMPTS, retryDelaySeconds } from './consumer';
import { sendMail, type MailMessage } from './outbox';

const db = drizzle(env.DB);
const PROVIDER = 'https://mail-provider.test';
const SETTINGS = {
  MAIL_API_KEY: 're_test_key',
  MAIL_API_URL: PROVIDER,
  MAIL_FROM: 'Ponte IIoT <nao-responda@mail.ponteiiot.com.br>',
  PORTAL_URL: 'https://portal.ponteiiot.com.br',
  SITE_URL: 'https://ponteiiot.com.br',
};
const configured = { ...env, ...SETTINGS, MAIL_QUEUE: undefined } as unknown as Env;

interface ProviderRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The provider's double: answers each request with the next of `answers` (the last one repeats), recording them. */
function trackProviderRequests(...answers: (() => Response)[]): ProviderRequest[] {
  const requests: ProviderRequest[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(PROVIDER)) return realFetch(request);
    requests.push({
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: (await request.json()) as Record<string, unknown>,
    });
    const answer = answers[Math.min(requests.length, answers.length) - 1];
    if (!answer) throw new Error('provider double: no answer');
    return answer();
  };
  return requests;
}

const accepted = () => Response.json({ id: 'resend-123' });
const status = (code: number, headers: Record<string, string> = {}) => () => new Response(JSON.stringify({ message: 'no' }), { status: code, headers });

let sequence = 0;
/** A queued account e-mail's row (as the outbox writes it, outside demo mode: no link kept). */
async function insertQueuedMail(overrides: Partial<{ to: string; subject: string; text: string; link: string }> = {}): Promise<string> {
  sequence += 1;
  const id = `mail-test-${Date.now()}-${sequence}`;
  await env.DB.prepare(
    `INSERT INTO mail (id, owner_uid, to_address, subject, text, link, sent_at, kind, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'convite', 'na-fila')`,
  )
    .bind(id, 'owner-mail-test', overrides.to ?? 'pessoa@fabrica.com.br', overrides.subject ?? 'Convite', overrides.text ?? 'Abra o link.', overrides.link ?? '', Date.now())
    .run();
  return id;
}

const storedMail = (id: string) =>
  env.DB.prepare('SELECT status, attempts, last_error AS lastError, delivered_at AS deliveredAt FROM mail WHERE id = ?').bind(id).first<{
    status: string;
    attempts: number;
    lastError: string | null;
    deliveredAt: number | null;
  }>();

describe('the provider double sees exactly what leaves', () => {
  it('one POST /emails with the key, an idempotency key per row, the sender, a plain-text and an HTML part with the link on the portal', async () => {
    const requests = trackProviderRequests(accepted);
    const id = await insertQueuedMail({
      to: 'ana@fabrica.com.br',
      subject: 'Maria convidou você para a equipe de Acme no Ponte IIoT',
      text: 'Abra o link para entrar na equipe.',
    });
    const message: MailMessage = { store: 'mail', id, link: '/invite/token-abc' };
    expect(await deliverMail(configured, db, message)).toBe('ack');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(`${PROVIDER}/emails`);
    expect(request?.method).toBe('POST');
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer re_test_key',
      'content-type': 'application/json',
      'idempotency-key': `mail:${id}`,
    });
    expect(request?.body).toMatchObject({
      from: 'Ponte IIoT <nao-responda@mail.ponteiiot.com.br>',
      to: ['ana@fabrica.com.br'],
      subject: 'Maria convidou você para a equipe de Acme no Ponte IIoT',
    });
    expect(request?.body.text).toBe(
      [
        'Abra o link para entrar na equipe.',
        '',
        'https://portal.ponteiiot.com.br/invite/token-abc',
        '',
        '—',
        'Ponte IIoT · Conectividade IIoT segura para fabricantes de máquinas',
        'Este é um e-mail automático; respostas não são lidas.',
      ].join('\n'),
    );
    expect(request?.body.html).toContain('<html lang="pt-BR">');
    expect(request?.body.html).toContain('href="https://portal.ponteiiot.com.br/invite/token-abc"');
    expect(await storedMail(id)).toMatchObject({ status: 'enviado', attempts: 1, lastError: null });
    expect((await storedMail(id))?.deliveredAt).toEqual(expect.any(Number));
  });

  it("the newsletter's links are on the landing, with its unsubscribe link and List-Unsubscribe", async () => {
    const requests = trackProviderRequests(accepted);
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO newsletter_mail (id, to_address, subject, text, link, unsubscribe_link, sent_at, status) VALUES (?, 'leitor@ex.com', 'Confirme', 'Abra o link.', NULL, '', ?, 'na-fila')`,
    )
      .bind(id, Date.now())
      .run();
    await deliverMail(configured, db, { store: 'newsletter', id, link: '/newsletter/confirmar/t1', unsubscribeLink: '/newsletter/cancelar/t2' });
    expect(requests[0]?.headers['idempotency-key']).toBe(`newsletter:${id}`);
    expect(requests[0]?.body.headers).toEqual({ 'List-Unsubscribe': '<https://ponteiiot.com.br/newsletter/cancelar/t2>' });
    expect(requests[0]?.body.text).toContain('https://ponteiiot.com.br/newsletter/confirmar/t1');
    expect(requests[0]?.body.text).toContain('Para não receber mais: https://ponteiiot.com.br/newsletter/cancelar/t2');
    const row = await env.DB.prepare('SELECT status FROM newsletter_mail WHERE id = ?').bind(id).first('status');
    expect(row).toBe('enviado');
  });

  it('HTML is escaped: a subject or text cannot inject markup', async () => {
    const requests = trackProviderRequests(accepted);
    const id = await insertQueuedMail({ text: 'Máquina <script>alert(1)</script> & "aspas"' });
    await deliverMail(configured, db, { store: 'mail', id });
    expect(requests[0]?.body.html).toContain('Máquina &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;aspas&quot;');
    expect(requests[0]?.body.html).not.toContain('<script>');
  });
});

describe('retries: a provider outage delays mail and loses none', () => {
  it("429 waits the provider's Retry-After; 500 and no answer back off from 30 s; the row says why", async () => {
    trackProviderRequests(status(429, { 'Retry-After': '120' }));
    const id = await insertQueuedMail();
    expect(await deliverMail(configured, db, { store: 'mail', id })).toEqual({ retryAfterSeconds: 120 });
    expect(await storedMail(id)).toMatchObject({ status: 'na-fila', attempts: 1, lastError: 'provedor respondeu 429' });

    trackProviderRequests(status(500));
    expect(await deliverMail(configured, db, { store: 'mail', id })).toEqual({ retryAfterSeconds: retryDelaySeconds(2) });
    expect(retryDelaySeconds(2)).toBe(60);
    expect(await storedMail(id)).toMatchObject({ status: 'na-fila', attempts: 2, lastError: 'provedor respondeu 500' });

    globalThis.fetch = () => Promise.reject(new TypeError('network down'));
    expect(await deliverMail(configured, db, { store: 'mail', id })).toEqual({ retryAfterSeconds: 120 });
    expect(await storedMail(id)).toMatchObject({ status: 'na-fila', attempts: 3, lastError: 'sem conexão com o provedor' });
    expect(retryDelaySeconds(20)).toBe(3600);
  });

  it('through the Worker\'s queue handler: retried while the provider is down, sent once it is back, never twice', async () => {
    const id = await insertQueuedMail();
    const outage = trackProviderRequests(status(503));
    const first = createMessageBatch<MailMessage>('ponte-mail', [{ id: 'm1', timestamp: new Date(), attempts: 1, body: { store: 'mail', id } }]);
    const firstCtx = createExecutionContext();
    await worker.queue(first, { ...configured, MAIL_QUEUE: env.MAIL_QUEUE } as Env);
    const firstResult = await getQueueResult(first, firstCtx);
    expect(firstResult.explicitAcks).toEqual([]);
    // (The delay the consumer asks, 30 s here, is checked on deliverMail above: the queue's result lists only the id.)
    expect(firstResult.retryMessages).toEqual([{ msgId: 'm1' }]);
    expect(outage).toHaveLength(1);
    expect(await storedMail(id)).toMatchObject({ status: 'na-fila', attempts: 1 });

    const back = trackProviderRequests(accepted);
    const second = createMessageBatch<MailMessage>('ponte-mail', [{ id: 'm1', timestamp: new Date(), attempts: 2, body: { store: 'mail', id } }]);
    const secondCtx = createExecutionContext();
    await worker.queue(second, configured);
    expect((await getQueueResult(second, secondCtx)).explicitAcks).toEqual(['m1']);
    expect(back).toHaveLength(1);
    expect(await storedMail(id)).toMatchObject({ status: 'enviado', attempts: 2 });

    // The queue delivers at least once: a duplicate of the message sends nothing.
    const again = createMessageBatch<MailMessage>('ponte-mail', [{ id: 'm1', timestamp: new Date(), attempts: 3, body: { store: 'mail', id } }]);
    const againCtx = createExecutionContext();
    await worker.queue(again, configured);
    expect((await getQueueResult(again, againCtx)).explicitAcks).toEqual(['m1']);
    expect(back).toHaveLength(1);
  });

  it('a refusal (400) fails at once; retries stop at the limit; the row says so', async () => {
    trackProviderRequests(status(422));
    const refused = await insertQueuedMail();
    expect(await deliverMail(configured, db, { store: 'mail', id: refused })).toBe('ack');
    expect(await storedMail(refused)).toMatchObject({ status: 'falhou', attempts: 1, lastError: 'provedor recusou (422)' });

    trackProviderRequests(status(500));
    const tired = await insertQueuedMail();
    await env.DB.prepare('UPDATE mail SET attempts = ? WHERE id = ?').bind(MAX_MAIL_ATTEMPTS - 1, tired).run();
    expect(await deliverMail(configured, db, { store: 'mail', id: tired })).toBe('ack');
    expect(await storedMail(tired)).toMatchObject({ status: 'falhou', attempts: MAX_MAIL_ATTEMPTS, lastError: 'provedor respondeu 500' });
  });

  it('a Worker without the provider key keeps the e-mail queued and says which setting is missing', async () => {
    const requests = trackProviderRequests(accepted);
    const id = await insertQueuedMail();
    const unset = { ...configured, MAIL_API_KEY: undefined } as Env;
    expect(await deliverMail(unset, db, { store: 'mail', id })).toEqual({ retryAfterSeconds: 30 });
    expect(requests).toHaveLength(0);
    expect(await storedMail(id)).toMatchObject({ status: 'na-fila', lastError: 'não configurado: MAIL_API_KEY' });
  });

  it('a row its batch did not keep (or already sent) is acknowledged and nothing leaves', async () => {
    const requests = trackProviderRequests(accepted);
    expect(await deliverMail(configured, db, { store: 'mail', id: 'mail-never-written' })).toBe('ack');
    expect(requests).toHaveLength(0);
  });
});

describe('demo mode and the routes', () => {
  it('in demo mode the e-mail is delivered to the demo mailbox: its row marked sent, nothing leaves', async () => {
    const requests = trackProviderRequests(accepted);
    const id = await insertQueuedMail();
    expect(await deliverMail({ ...configured, DEMO: 'true' } as Env, db, { store: 'mail', id })).toBe('ack');
    expect(requests).toHaveLength(0);
    expect(await storedMail(id)).toMatchObject({ status: 'enviado', attempts: 1 });
  });

  it("sendMail writes an event's e-mails and queues them (alerts)", async () => {
    const sent: unknown[] = [];
    const queue = { sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((message) => message.body)) };
    const owner = makeUid();
    await sendMail({ ...configured, MAIL_QUEUE: queue } as unknown as Env, db, [
      { ownerUid: owner, to: 'a@ex.com', kind: 'alerta', subject: 'Gateway offline', text: 'GW-1 está offline.', link: '/devices/device-1' },
    ]);
    const rows = await env.DB.prepare('SELECT id, kind, status, link FROM mail WHERE owner_uid = ?').bind(owner).all<{ id: string; kind: string; status: string; link: string }>();
    expect(rows.results).toEqual([{ id: expect.stringMatching(/^mail-\d+$/), kind: 'alerta', status: 'na-fila', link: '' }]);
    expect(sent).toEqual([{ store: 'mail', id: rows.results[0]?.id, link: '/devices/device-1' }]);
  });

  it("an invitation's e-mail goes through the Worker's queue: written queued, then tried by the consumer", async () => {
    const maria = makePerson('maria');
    expect((await callRegister(maria)).status).toBe(201);
    const owner = maria.uid;
    expect((await callInvite(maria, `convidado-${owner}@ex.com`)).status).toBe(201);
    const row = await env.DB.prepare("SELECT id, kind, link FROM mail WHERE owner_uid = ? AND kind = 'convite'").bind(owner).first<{ id: string; kind: string; link: string }>();
    expect(row).toMatchObject({ kind: 'convite', link: '' });
    // The tests' Worker has no provider key: the consumer's first try records it, and the e-mail stays queued.
    await vi.waitFor(
      async () => expect(await storedMail(String(row?.id))).toMatchObject({ status: 'na-fila', attempts: 1, lastError: 'não configurado: MAIL_API_KEY' }),
      { timeout: 15_000, interval: 100 },
    );
  });
});
