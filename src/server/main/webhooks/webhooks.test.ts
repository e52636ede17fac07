/**
 * Signed webhooks (issue 37, item 4; the demo receiver of item 6): the endpoints' routes and their refusals (no
 * server-side request forgery), the queue's consumer (signature, retries, 24 h, the endpoint disabled and its
 * Administradores e-mailed), "Reenviar" and "Enviar teste", and who may do what. Nothing leaves the test: a double of
 * `globalThis.fetch` answers the DNS-over-HTTPS resolver and the endpoints, and refuses anything else.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpointWithSecret } from '@/contracts/webhooks';
import { arrangeMember, call, makeIdempotencyKey, makeUid } from '../../testing/api';
import { makeEmulatorToken } from '../../testing/tokens';
import { callRegister, makePerson } from '../routes/team/team-fixtures';
import type { Env } from '../../shared/env';
import { app } from '../index';
import { isPrivateIp, parseIpv6 } from './address';
import { deliverWebhook, webhookRetryDelaySeconds, WEBHOOK_RETRY_WINDOW_MS } from './consumer';
import { deliverWebhooks, deliveryRow } from './deliver';
import { webhookDelivery } from '../db/webhook-schema';
import { raiseAlert } from '../alerts/raise';
import { purgeExpiredRows } from '../purge';
import { WEBHOOK_DELIVERY_RETENTION_MS } from './retention';

const db = drizzle(env.DB);
const RESOLVER = 'https://cloudflare-dns.com/dns-query';
/** The Worker under test with no queue: the tests run the consumer themselves, at the time they choose. */
const quiet = { ...env, WEBHOOK_QUEUE: undefined, MAIL_QUEUE: undefined } as unknown as Env;

interface Hit {
  url: string;
  method: string;
  redirect: string;
  headers: Record<string, string>;
  body: string;
}

/** Every request the Worker tried to send: the resolver's look-ups and the endpoints' deliveries, apart. */
const lookups: { resolver: string; name: string; type: string }[] = [];
const hits: Hit[] = [];
/** host → its A/AAAA answers; endpoint host → how it answers. */
const dns = new Map<string, string[]>();
const answers = new Map<string, (request: Request) => Response | Promise<Response>>();

beforeAll(() => {
  // Kept for the whole file (the queue's background consumer may still run between tests): nothing reaches the network.
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (`${url.origin}${url.pathname}` === RESOLVER || url.hostname === 'dns.test') {
      const name = url.searchParams.get('name') ?? '';
      const type = url.searchParams.get('type') ?? '';
      lookups.push({ resolver: `${url.origin}${url.pathname}`, name, type });
      const records = (dns.get(name) ?? []).filter((address) => (type === 'AAAA') === address.includes(':'));
      if (!dns.has(name)) return Response.json({ Status: 3 });
      return Response.json({ Status: 0, Answer: records.map((data) => ({ name, type: type === 'AAAA' ? 28 : 1, TTL: 60, data })) });
    }
    const answer = answers.get(url.host);
    if (!answer) throw new TypeError(`test double: no network for ${url.host}`);
    hits.push({ url: request.url, method: request.method, redirect: request.redirect, headers: Object.fromEntries(request.headers), body: await request.clone().text() });
    return answer(request);
  };
});

beforeEach(() => {
  lookups.length = 0;
  hits.length = 0;
});

const ok = () => new Response('ok', { status: 200 });
const status = (code: number, headers: Record<string, string> = {}) => () => new Response(null, { status: code, headers });
const timeout = () => {
  throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
};

let hostCounter = 0;
/** A public host of its own for one test, answering with `answer`. */
function arrangeHost(answer: (request: Request) => Response | Promise<Response> = ok, addresses = ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']): string {
  hostCounter += 1;
  const host = `hooks-${hostCounter}-${Math.random().toString(36).slice(2, 6)}.fabrica.com.br`;
  dns.set(host, addresses);
  answers.set(host, answer);
  return host;
}

async function callCreate(as: string, body: unknown, key = makeIdempotencyKey()) {
  return call<WebhookEndpointWithSecret & { error: { message: string; field?: string } }>('POST', '/webhook', { as, body, headers: { 'Idempotency-Key': key } });
}

/** An account with one endpoint on a host of its own: its owner, endpoint and secret. */
async function arrangeEndpoint(answer?: (request: Request) => Response | Promise<Response>, owner = makeUid()) {
  const host = arrangeHost(answer);
  const created = await callCreate(owner, { url: `https://${host}/ponte/webhooks`, events: ['gateway-offline', 'gateway-online'] });
  expect(created.status).toBe(201);
  return { owner, host, endpoint: created.body, secret: created.body.secret };
}

async function insertDelivery(owner: string, endpointId: string, at = Date.now(), event: 'gateway-offline' | 'test' = 'gateway-offline') {
  const row = deliveryRow(owner, endpointId, event, { subjects: [{ kind: 'device', id: 'device-1', label: 'GW-1', message: 'O gateway "GW-1" está offline há 5 minutos.' }] }, at);
  await db.insert(webhookDelivery).values(row);
  return row.id;
}

const storedDelivery = (id: string) =>
  env.DB.prepare(
    'SELECT status, attempts, last_status_code AS code, last_error AS error, next_attempt_at AS next, delivered_at AS delivered FROM webhook_delivery WHERE id = ?',
  )
    .bind(id)
    .first<{ status: string; attempts: number; code: number | null; error: string | null; next: number | null; delivered: number | null }>();

const storedEndpoint = (id: string) =>
  env.DB.prepare('SELECT enabled, failing_since AS failingSince, disabled_at AS disabledAt FROM webhook_endpoint WHERE id = ?')
    .bind(id)
    .first<{ enabled: number; failingSince: number | null; disabledAt: number | null }>();

/** The signature computed here, independently of the Worker's code. */
async function makeSignature(secret: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('a delivery is signed as Stripe signs, with its event id', () => {
  it('"Enviar teste": one POST with the JSON body, Ponte-Event-Id, Ponte-Event and a Ponte-Signature the secret verifies', async () => {
    const { owner, host, endpoint, secret } = await arrangeEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const sent = await call<WebhookDelivery>('POST', `/webhook/${endpoint.id}/test`, { as: owner });
    expect(sent.status).toBe(202);
    expect(sent.body.id).toMatch(/^evt_[0-9a-f]{24}$/);
    // The queue's consumer (the Worker's own) delivers it.
    await vi.waitFor(() => expect(hits.filter((hit) => hit.url.includes(host))).toHaveLength(1), { timeout: 15_000, interval: 50 });
    const [hit] = hits.filter((item) => item.url.includes(host));
    expect(hit?.url).toBe(`https://${host}/ponte/webhooks`);
    expect(hit?.method).toBe('POST');
    expect(hit?.redirect).toBe('manual');
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(hit?.headers['ponte-event-id']).toBe(sent.body.id);
    expect(hit?.headers['ponte-event']).toBe('test');
    const body = JSON.parse(hit?.body ?? '{}') as Record<string, unknown>;
    expect(body).toEqual({
      id: sent.body.id,
      type: 'test',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { message: 'Teste de webhook do Ponte IIoT.', webhookId: endpoint.id },
    });
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hit?.headers['ponte-signature'] ?? '');
    expect(match).not.toBeNull();
    const [, t = '', v1 = ''] = match ?? [];
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(await makeSignature(secret ?? '', t, hit?.body ?? ''));
    expect(v1).not.toBe(await makeSignature('whsec_outro', t, hit?.body ?? ''));
    await vi.waitFor(async () => expect(await storedDelivery(sent.body.id)).toMatchObject({ status: 'entregue', attempts: 1, code: 200, error: null }));
    const log = await call<{ data: WebhookDelivery[] }>('GET', `/webhook/${endpoint.id}/delivery`, { as: owner });
    expect(log.body.data).toEqual([
      expect.objectContaining({ id: sent.body.id, event: 'test', status: 'entregue', attempts: 1, lastStatusCode: 200, durationMs: expect.any(Number) }),
    ]);
  });

  it("an alert's event reaches every enabled endpoint that listens to it, once each", async () => {
    const { owner, host, endpoint } = await arrangeEndpoint();
    const other = arrangeHost();
    const onlyOrders = await callCreate(owner, { url: `https://${other}/pedidos`, events: ['order-updated'] });
    expect(onlyOrders.status).toBe(201);
    const ids = await deliverWebhooks(quiet, db, { owner, event: 'gateway-offline', payload: { subjects: [] } });
    expect(ids).toHaveLength(1);
    const [first] = ids;
    const row = await env.DB.prepare('SELECT endpoint_id AS endpointId, status FROM webhook_delivery WHERE id = ?').bind(first).first();
    expect(row).toEqual({ endpointId: endpoint.id, status: 'pendente' });
    expect(await deliverWebhook(quiet, db, { id: first ?? '' })).toBe('ack');
    expect(hits.map((hit) => new URL(hit.url).host)).toEqual([host]);
  });
});

describe("the alerts' fan-out", () => {
  it("an alert whose rule has the 'webhook' channel becomes one delivery per listening endpoint, with its subjects", async () => {
    const person = makePerson('alerta');
    await callRegister(person);
    const { endpoint } = await arrangeEndpoint(undefined, person.uid);
    await env.DB.prepare(
      `INSERT INTO alert_rule (owner_uid, event, enabled, roles, extra_emails, channels, after_minutes, quiet_minutes, version, updated_at)
       VALUES (?, 'gateway-offline', 1, '["administrador"]', '[]', '["webhook"]', 5, 30, 1, ?)`,
    )
      .bind(person.uid, Date.now())
      .run();
    const message = 'O gateway "GW-9" está offline há 5 minutos.';
    await raiseAlert(quiet, db, { owner: person.uid, event: 'gateway-offline', subject: { kind: 'device', id: 'device-9', label: 'GW-9' }, details: { message } });
    const rows = await env.DB.prepare('SELECT event, status, payload FROM webhook_delivery WHERE endpoint_id = ?').bind(endpoint.id).all();
    expect(rows.results).toEqual([
      { event: 'gateway-offline', status: 'pendente', payload: JSON.stringify({ subjects: [{ kind: 'device', id: 'device-9', label: 'GW-9', message }] }) },
    ]);
  });
});

describe('refusals: no request to a private address (SSRF)', () => {
  const refused: [string, string][] = [
    ['http://hooks.fabrica.com.br/ponte', WEBHOOK_MESSAGES.https],
    ['https://10.0.0.1/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://127.0.0.1/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::1]/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://[fd00::1]/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::ffff:10.0.0.1]/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://100.64.0.1/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://0x7f000001/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://localhost/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://api.localhost/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://impressora.local/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://erp.internal/ponte', WEBHOOK_MESSAGES.privateAddress],
    ['https://intranet/ponte', WEBHOOK_MESSAGES.publicDomain],
    ['https://usuario:senha@hooks.fabrica.com.br/ponte', WEBHOOK_MESSAGES.credentials],
    ['não é um endereço', WEBHOOK_MESSAGES.urlInvalid],
  ];

  it.each(refused)('%s → 400 at the field, nothing sent', async (url, message) => {
    const answer = await callCreate(makeUid(), { url, events: ['gateway-offline'] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ message, field: 'url' });
    expect(hits).toEqual([]);
    // An IP literal or a refused name is not even looked up.
    expect(lookups).toEqual([]);
  });

  it('a host name resolving to a private address (A or AAAA) is refused after the look-up, before any request', async () => {
    const owner = makeUid();
    dns.set('erp.fabrica.com.br', ['200.160.2.3', '10.20.0.5']);
    dns.set('v6.fabrica.com.br', ['200.160.2.3', 'fd00::5']);
    dns.set('mapped.fabrica.com.br', ['::ffff:192.168.0.10']);
    for (const host of ['erp.fabrica.com.br', 'v6.fabrica.com.br', 'mapped.fabrica.com.br']) {
      answers.set(host, ok);
      const answer = await callCreate(owner, { url: `https://${host}/ponte`, events: ['gateway-offline'] });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ message: WEBHOOK_MESSAGES.privateAddress, field: 'url' });
    }
    expect(hits).toEqual([]);
    expect(lookups).toContainEqual({ resolver: RESOLVER, name: 'erp.fabrica.com.br', type: 'A' });
    expect(lookups).toContainEqual({ resolver: RESOLVER, name: 'v6.fabrica.com.br', type: 'AAAA' });
  });

  it('an unknown name is refused; a port other than 443 is allowed', async () => {
    const owner = makeUid();
    const unknown = await callCreate(owner, { url: 'https://nao-existe.fabrica.com.br/ponte', events: ['gateway-offline'] });
    expect(unknown.body.error).toMatchObject({ message: WEBHOOK_MESSAGES.unresolved, field: 'url' });
    const host = arrangeHost();
    const port = await callCreate(owner, { url: `https://${host}:8443/ponte`, events: ['gateway-offline'] });
    expect(port.status).toBe(201);
    expect(port.body.url).toBe(`https://${host}:8443/ponte`);
  });

  it('DNS rebinding: a name that turns private after the save fails its delivery without a request; DNS_RESOLVER_URL is honoured', async () => {
    const { owner, host, endpoint } = await arrangeEndpoint();
    const id = await insertDelivery(owner, endpoint.id);
    dns.set(host, ['169.254.169.254']);
    lookups.length = 0;
    const configured = { ...quiet, DNS_RESOLVER_URL: 'https://dns.test/dns-query' } as Env;
    expect(await deliverWebhook(configured, db, { id })).toEqual({ retryAfterSeconds: 60 });
    expect(hits).toEqual([]);
    expect(lookups.map((lookup) => lookup.resolver)).toEqual(['https://dns.test/dns-query', 'https://dns.test/dns-query']);
    expect(await storedDelivery(id)).toMatchObject({ status: 'pendente', attempts: 1, code: null, error: WEBHOOK_MESSAGES.privateAddress });
  });

  it('the address rules, IPv4 and IPv6', () => {
    for (const address of ['10.0.0.1', '172.16.5.4', '192.168.1.1', '127.0.0.1', '0.0.0.0', '169.254.169.254', '100.64.0.1', '224.0.0.1', '255.255.255.255', '198.18.0.1'])
      expect(isPrivateIp(address), address).toBe(true);
    for (const address of ['::', '::1', 'fd00::1', 'fc00::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a00:1', '64:ff9b::a00:1', '2001:db8::1', '::127.0.0.1'])
      expect(isPrivateIp(address), address).toBe(true);
    for (const address of ['93.184.216.34', '200.160.2.3', '2606:4700:4700::1111', '::ffff:93.184.216.34', '2804:14c:1::1'])
      expect(isPrivateIp(address), address).toBe(false);
    expect(parseIpv6('::ffff:10.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a00, 0x0001]);
    expect(isPrivateIp('hooks.fabrica.com.br')).toBeNull();
  });
});

describe('retries: 500, a timeout and a redirect are retried; after 24 h the delivery fails and the endpoint is disabled', () => {
  it('each failure is recorded on the delivery and retried with back-off; a redirect is never followed', async () => {
    let answer: (request: Request) => Response = status(500);
    const { owner, endpoint } = await arrangeEndpoint((request) => answer(request));
    const start = Date.now();
    const id = await insertDelivery(owner, endpoint.id, start);

    expect(await deliverWebhook(quiet, db, { id }, start)).toEqual({ retryAfterSeconds: 60 });
    expect(await storedDelivery(id)).toMatchObject({ status: 'pendente', attempts: 1, code: 500, error: 'O endereço respondeu 500.', next: start + 60_000 });
    expect((await storedEndpoint(endpoint.id))?.failingSince).toBe(start);

    answer = timeout;
    expect(await deliverWebhook(quiet, db, { id }, start + 60_000)).toEqual({ retryAfterSeconds: 120 });
    expect(await storedDelivery(id)).toMatchObject({ status: 'pendente', attempts: 2, code: null, error: 'Sem resposta em 10 s.' });

    answer = status(302, { Location: 'https://169.254.169.254/latest/meta-data' });
    expect(await deliverWebhook(quiet, db, { id }, start + 180_000)).toEqual({ retryAfterSeconds: 240 });
    expect(await storedDelivery(id)).toMatchObject({ status: 'pendente', attempts: 3, code: 302, error: 'Redirecionamento (302) não é seguido.' });
    expect(hits.every((hit) => hit.redirect === 'manual' && !hit.url.includes('169.254'))).toBe(true);
    expect(hits).toHaveLength(3);
    // Every attempt is the same event: its id and body.
    expect(new Set(hits.map((hit) => hit.headers['ponte-event-id']))).toEqual(new Set([id]));
    expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);

    expect(webhookRetryDelaySeconds(7)).toBe(3600);
    expect(webhookRetryDelaySeconds(30)).toBe(3600);
    // A copy of the message that comes early waits for its time.
    expect(await deliverWebhook(quiet, db, { id }, start + 200_000)).toEqual({ retryAfterSeconds: 220 });
    expect(hits).toHaveLength(3);
  });

  it('24 h after the first attempt: "falhou", the endpoint disabled and its Administradores e-mailed; "Reenviar" then needs it enabled', async () => {
    const maria = makePerson('maria');
    await callRegister(maria);
    const secondAdmin = makeUid('admin');
    await arrangeMember(maria.uid, secondAdmin, 'administrador');
    await arrangeMember(maria.uid, makeUid('tecnico'), 'tecnico');
    let answer: (request: Request) => Response = status(503);
    const { endpoint } = await arrangeEndpoint((request) => answer(request), maria.uid);
    const start = Date.now() - WEBHOOK_RETRY_WINDOW_MS - 60_000;
    const id = await insertDelivery(maria.uid, endpoint.id, start);
    expect(await deliverWebhook(quiet, db, { id }, start)).toEqual({ retryAfterSeconds: 60 });
    expect(await storedEndpoint(endpoint.id)).toMatchObject({ enabled: 1, failingSince: start, disabledAt: null });
    const later = start + WEBHOOK_RETRY_WINDOW_MS;
    expect(await deliverWebhook(quiet, db, { id }, later)).toBe('ack');
    expect(await storedDelivery(id)).toMatchObject({ status: 'falhou', attempts: 2, code: 503, error: 'O endereço respondeu 503.', next: null });
    expect(await storedEndpoint(endpoint.id)).toMatchObject({ enabled: 0, disabledAt: later });
    const mails = await env.DB.prepare("SELECT to_address AS \"to\", subject, kind, status FROM mail WHERE owner_uid = ? AND kind = 'webhook'")
      .bind(maria.uid)
      .all();
    expect(mails.results).toEqual([
      { to: maria.email, subject: 'Webhook desativado depois de 24 horas de falhas', kind: 'webhook', status: 'na-fila' },
      { to: `${secondAdmin}@example.com`, subject: 'Webhook desativado depois de 24 horas de falhas', kind: 'webhook', status: 'na-fila' },
    ]);
    const notified = await env.DB.prepare("SELECT member_uid AS uid FROM portal_notification WHERE owner_uid = ? AND event = 'webhook-disabled' ORDER BY member_uid")
      .bind(maria.uid)
      .all<{ uid: string }>();
    expect(notified.results.map((row) => row.uid).sort()).toEqual([maria.uid, secondAdmin].sort());
    // And the bell: one notification for each Administrador, linking to the endpoint (Configurações → "Webhooks").
    const bell = await call<{ data: { event: string; title: string; message: string; subject: unknown; read: boolean }[]; unread: number }>('GET', '/notification', {
      as: maria.token,
    });
    expect(bell.body.unread).toBe(1);
    expect(bell.body.data.map(({ event, title, message, subject, read }) => ({ event, title, message, subject, read }))).toEqual([
      {
        event: 'webhook-disabled',
        title: `Webhook desativado: ${endpoint.url}`,
        message: 'Nenhuma entrega foi aceita nas últimas 24 horas. Confira o endereço e ative-o de novo em Configurações → Webhooks.',
        subject: { kind: 'webhook', id: endpoint.id },
        read: false,
      },
    ]);

    const listed = await call<{ data: { id: string; enabled: boolean; disabledAt: unknown }[] }>('GET', '/webhook', { as: maria.token });
    expect(listed.body.data[0]).toMatchObject({ id: endpoint.id, enabled: false, disabledAt: { seconds: Math.floor(later / 1000) } });
    // A disabled endpoint gets no new event.
    expect(await deliverWebhooks(quiet, db, { owner: maria.uid, event: 'gateway-offline', payload: {} })).toEqual([]);

    const refused = await call('POST', `/webhook/delivery/${id}/resend`, { as: maria.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: WEBHOOK_MESSAGES.disabled } });

    // Enabled again ("Ativo"): the failure is cleared, and "Reenviar" sends the same event again.
    const current = listed.body.data[0] as unknown as { version: number };
    const enabled = await call('PUT', `/webhook/${endpoint.id}`, {
      as: maria.token,
      body: { url: endpoint.url, events: endpoint.events, enabled: true },
      headers: { 'If-Match': String(current.version) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
    answer = ok;
    const resent = await call<WebhookDelivery>('POST', `/webhook/delivery/${id}/resend`, { as: maria.token });
    expect(resent.status).toBe(200);
    await vi.waitFor(async () => expect(await storedDelivery(id)).toMatchObject({ status: 'entregue', attempts: 3, code: 200 }), { timeout: 15_000, interval: 50 });
    expect(hits.at(-1)?.headers['ponte-event-id']).toBe(id);
    // A pending delivery is not resent twice.
    const pending = await insertDelivery(maria.uid, endpoint.id);
    const twice = await call('POST', `/webhook/delivery/${pending}/resend`, { as: maria.token });
    expect(twice.status).toBe(409);
  });
});

describe('the secret: shown once, kept encrypted, never listed', () => {
  it('the create answers it; its replay, the list, the log and the database never show it; a rotation makes a new one', async () => {
    const owner = makeUid();
    const host = arrangeHost();
    const key = makeIdempotencyKey();
    const body = { url: `https://${host}/ponte`, events: ['gateway-offline'] };
    const created = await callCreate(owner, body, key);
    const secret = created.body.secret ?? '';
    expect(secret).toMatch(/^whsec_/);
    const replay = await callCreate(owner, body, key);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(created.body.id);
    expect(replay.body).not.toHaveProperty('secret');
    const list = await call('GET', '/webhook', { as: owner });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain('secret');
    const log = await call('GET', `/webhook/${created.body.id}/delivery`, { as: owner });
    expect(JSON.stringify(log.body)).not.toContain(secret);
    const stored = await env.DB.prepare('SELECT * FROM webhook_endpoint WHERE id = ?').bind(created.body.id).first();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    const audit = await env.DB.prepare('SELECT * FROM audit_log WHERE owner_uid = ?').bind(owner).all();
    expect(JSON.stringify(audit.results)).not.toContain(secret.slice(6));
    expect(audit.results).toEqual([expect.objectContaining({ kind: 'webhook.create', target_id: created.body.id })]);

    const rotated = await call<WebhookEndpointWithSecret>('POST', `/webhook/${created.body.id}/rotate-secret`, { as: owner });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    const id = await insertDelivery(owner, created.body.id);
    await deliverWebhook(quiet, db, { id });
    const [, t = '', v1 = ''] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hits.at(-1)?.headers['ponte-signature'] ?? '') ?? [];
    expect(v1).toBe(await makeSignature(rotated.body.secret ?? '', t, hits.at(-1)?.body ?? ''));
  });

  it('a duplicate URL is 409 at the field; a delete takes the endpoint and its log', async () => {
    const { owner, endpoint } = await arrangeEndpoint();
    const again = await callCreate(owner, { url: endpoint.url, events: ['gateway-online'] });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ message: WEBHOOK_MESSAGES.duplicate, field: 'url' });
    await insertDelivery(owner, endpoint.id);
    const removed = await call('DELETE', `/webhook/${endpoint.id}`, { as: owner, headers: { 'If-Match': '1' } });
    expect(removed.status).toBe(204);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM webhook_delivery WHERE endpoint_id = ?').bind(endpoint.id).first('n')).toBe(0);
    expect((await call('GET', `/webhook/${endpoint.id}/delivery`, { as: owner })).status).toBe(404);
  });
});

describe('retention', () => {
  it('the daily purge drops deliveries done more than 30 days ago, never a pending one', async () => {
    const { owner, endpoint } = await arrangeEndpoint();
    const old = Date.now() - WEBHOOK_DELIVERY_RETENTION_MS - 60_000;
    const done = await insertDelivery(owner, endpoint.id, old);
    const pending = await insertDelivery(owner, endpoint.id, old);
    const recent = await insertDelivery(owner, endpoint.id);
    await env.DB.prepare("UPDATE webhook_delivery SET status = 'entregue' WHERE id IN (?, ?)").bind(done, recent).run();
    await purgeExpiredRows(db);
    const left = await env.DB.prepare('SELECT id FROM webhook_delivery WHERE endpoint_id = ? ORDER BY id').bind(endpoint.id).all<{ id: string }>();
    expect(left.results.map((row) => row.id).sort()).toEqual([pending, recent].sort());
  });
});

describe('who may do what', () => {
  it('Técnico: 403; Leitura reads the endpoints and the log but changes nothing; another builder: 404', async () => {
    const { owner, endpoint } = await arrangeEndpoint();
    const id = await insertDelivery(owner, endpoint.id);
    await env.DB.prepare("UPDATE webhook_delivery SET status = 'entregue' WHERE id = ?").bind(id).run();
    const tecnico = makeUid('tecnico');
    const leitura = makeUid('leitura');
    await arrangeMember(owner, tecnico, 'tecnico');
    await arrangeMember(owner, leitura, 'leitura');

    expect((await call('GET', '/webhook', { as: tecnico })).status).toBe(403);
    expect((await call('GET', `/webhook/${endpoint.id}/delivery`, { as: tecnico })).status).toBe(403);
    expect((await callCreate(tecnico, { url: 'https://hooks.fabrica.com.br/x', events: ['gateway-offline'] })).status).toBe(403);

    const read = await call<{ data: { id: string }[] }>('GET', '/webhook', { as: leitura });
    expect(read.status).toBe(200);
    expect(read.body.data.map((item) => item.id)).toEqual([endpoint.id]);
    expect((await call('GET', `/webhook/${endpoint.id}/delivery`, { as: leitura })).status).toBe(200);
    expect((await call('POST', `/webhook/${endpoint.id}/test`, { as: leitura })).status).toBe(403);
    expect((await call('POST', `/webhook/delivery/${id}/resend`, { as: leitura })).status).toBe(403);
    expect((await call('POST', `/webhook/${endpoint.id}/rotate-secret`, { as: leitura })).status).toBe(403);

    const stranger = makeUid();
    expect((await call('GET', '/webhook', { as: stranger })).body).toMatchObject({ data: [] });
    expect((await call('GET', `/webhook/${endpoint.id}/delivery`, { as: stranger })).status).toBe(404);
    expect((await call('POST', `/webhook/${endpoint.id}/test`, { as: stranger })).status).toBe(404);
    expect((await call('POST', `/webhook/${endpoint.id}/rotate-secret`, { as: stranger })).status).toBe(404);
    expect((await call('POST', `/webhook/delivery/${id}/resend`, { as: stranger })).status).toBe(404);
    expect((await call('DELETE', `/webhook/${endpoint.id}`, { as: stranger })).status).toBe(404);
    const put = await call('PUT', `/webhook/${endpoint.id}`, {
      as: stranger,
      body: { url: endpoint.url, events: ['gateway-offline'], enabled: true },
      headers: { 'If-Match': '1' },
    });
    expect(put.status).toBe(404);
    expect(hits).toEqual([]);
  });
});

describe("the demo's receiver (demo mode only)", () => {
  const RECEIVER = 'http://localhost/demo/webhook-receiver';
  const demo = { ...quiet, DEMO: 'true', DEMO_WEBHOOK_RECEIVER_URL: RECEIVER } as Env;
  const callDemo = (method: string, path: string, as: string, body?: unknown) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { Authorization: `Bearer ${makeEmulatorToken({ uid: as })}`, 'Content-Type': 'application/json', 'Idempotency-Key': makeIdempotencyKey() },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
      { ...demo, WEBHOOK_TRANSPORT: undefined },
    );

  it('its URL is the one plain-http address allowed, in demo mode; it keeps what came and checks the signature', async () => {
    const owner = makeUid();
    const url = `${RECEIVER}/${owner}`;
    // Outside demo mode (or outside the receiver's path) the usual rule refuses it.
    const outside = await callCreate(owner, { url, events: ['gateway-offline'] });
    expect(outside.body.error).toMatchObject({ message: WEBHOOK_MESSAGES.https });
    const beside = await callDemo('POST', '/webhook', owner, { url: 'http://localhost/outra-coisa', events: ['gateway-offline'] });
    expect(beside.status).toBe(400);

    const created = await callDemo('POST', '/webhook', owner, { url, events: ['gateway-offline'] });
    expect(created.status).toBe(201);
    const { id: endpointId } = (await created.json()) as { id: string };
    const deliveryId = await insertDelivery(owner, endpointId);
    // The Worker posts to its own route (in process here).
    const transport = (request: Request) => app.fetch(request, demo);
    expect(await deliverWebhook({ ...demo, WEBHOOK_TRANSPORT: transport } as Env, db, { id: deliveryId })).toBe('ack');
    expect(await storedDelivery(deliveryId)).toMatchObject({ status: 'entregue', code: 200 });
    expect(lookups).toEqual([]);

    // A forged signature is kept as invalid.
    const forged = await app.fetch(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Ponte-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, 'Ponte-Event-Id': 'evt_falso' },
        body: '{"id":"evt_falso"}',
      }),
      demo,
    );
    expect(forged.status).toBe(200);

    const got = await callDemo('GET', '/demo/webhook-receiver', owner);
    const { data } = (await got.json()) as { data: { eventId: string; event: string; signatureValid: boolean; headers: Record<string, string>; body: string }[] };
    expect(data.map((item) => [item.eventId, item.signatureValid])).toEqual([
      ['evt_falso', false],
      [deliveryId, true],
    ]);
    expect(data[1]?.event).toBe('gateway-offline');
    expect(data[1]?.headers['ponte-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(data[1]?.body ?? '{}')).toMatchObject({ id: deliveryId, type: 'gateway-offline' });

    // An account without a webhook to the receiver, and every demo route outside demo mode: 404.
    const nobody = await app.fetch(new Request(`${RECEIVER}/${makeUid()}`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }), demo);
    expect(nobody.status).toBe(404);
    const off = await app.fetch(new Request(url, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }), quiet);
    expect(off.status).toBe(404);
  });
});
