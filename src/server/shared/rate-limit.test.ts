import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import { makeCnpj, makePerson, callRegister, type Person } from '../main/routes/team/team-fixtures';
import { call, makeIdempotencyKey, type Answer } from '../testing/api';
import { createApp } from './app';
import { addressKey, RATE_LIMITED_MESSAGE, RATE_LIMIT_UNAVAILABLE_MESSAGE, rateLimits } from './rate-limit';

/** The limits per minute of main/wrangler.jsonc's `ratelimits`. */
const LIMIT = { signUp: 10, invitation: 20, setupCode: 30, newsletter: 10, factoryDecision: 10, cspReport: 60 };

let counter = 0;
/** A client address of each test's own (the limiter's counts outlive a test), out of other files' ranges. */
const freshAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${(counter += 1) % 256}`;

function expectLimited(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ error: { code: 'rate-limited', message: RATE_LIMITED_MESSAGE } });
  expect(answer.headers.get('Retry-After')).toBe('60');
}

/**
 * Sends one request after another until one is refused, at most 2 × limit + 1: the binding counts in fixed
 * one-minute windows, so a run that straddles two windows is refused later than `limit + 1`, but never later than
 * that. The first `limit` pass; the refusal is the limiter's.
 */
async function untilLimited(limit: number, send: (n: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let n = 0; n <= 2 * limit; n += 1) {
    const answer = await send(n);
    answers.push(answer);
    if (answer.status === 429) break;
  }
  expect(answers.slice(0, limit).map((answer) => answer.status)).not.toContain(429);
  expectLimited(answers[answers.length - 1] as Answer);
  return answers;
}

const signUp = (who: Person, address: string) =>
  call('POST', '/assembler', {
    as: who.token,
    body: { name: 'Montadora Teste Ltda', cnpj: makeCnpj(), email: who.email },
    headers: { 'Idempotency-Key': makeIdempotencyKey(), 'CF-Connecting-IP': address },
  });

describe('rate limits (429, pt-BR message, Retry-After)', () => {
  it('30 sign-ups from one address in a minute: the first 10 register, the rest is refused', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1) {
      const answer = await signUp(makePerson('rajada'), address);
      if (answer.status !== 201) expectLimited(answer);
      statuses.push(answer.status);
    }
    const created = statuses.filter((status) => status === 201).length;
    expect(statuses.slice(0, LIMIT.signUp)).toEqual(Array<number>(LIMIT.signUp).fill(201));
    // At most one window boundary in the run: at most two windows' worth registered, never all 30.
    expect(created).toBeLessThanOrEqual(2 * LIMIT.signUp);
    expect(statuses.filter((status) => status === 429).length).toBe(30 - created);
    // Another address still signs up.
    expect((await signUp(makePerson('vizinha'), freshAddress())).status).toBe(201);
  });

  it('invitations are limited per account, from however many addresses', async () => {
    const admin = makePerson('convites');
    await callRegister(admin);
    const answers = await untilLimited(LIMIT.invitation, (n) =>
      call('POST', '/team/invitation', {
        as: admin.token,
        body: { email: `convidado-${n}-${admin.uid}@exemplo.com.br`, role: 'tecnico' },
        headers: { 'Idempotency-Key': makeIdempotencyKey(), 'CF-Connecting-IP': freshAddress() },
      }),
    );
    expect(answers.slice(0, LIMIT.invitation).every((answer) => answer.status === 201)).toBe(true);
  });

  it('setup-code look-ups are limited per address', async () => {
    const address = freshAddress();
    const answers = await untilLimited(LIMIT.setupCode, async () => {
      // A new account each time: the address alone is what counts.
      const who = makePerson('codigos');
      return call('GET', '/device/setup/PNT-ZZZZ-ZZZZ-ZZZZ', { as: who.token, headers: { 'CF-Connecting-IP': address } });
    });
    expect(answers[0]?.status).not.toBe(429);
  });

  it('newsletter subscriptions are limited per address', async () => {
    const address = freshAddress();
    await untilLimited(LIMIT.newsletter, (n) =>
      call('POST', '/newsletter', {
        body: { email: `leitor-${n}-${counter}-${Date.now()}@exemplo.com.br`, consent: true, policyVersion: PRIVACY_POLICY_VERSION },
        headers: { 'CF-Connecting-IP': address },
      }),
    );
  });

  it('factory decisions are limited per address', async () => {
    const address = freshAddress();
    await untilLimited(LIMIT.factoryDecision, (n) =>
      call('POST', '/factory-approval/decision', {
        body: { token: `${n}`.padStart(43, 'x'), decision: 'refuse', reason: 'Não reconheço este pedido.' },
        headers: { 'CF-Connecting-IP': address },
      }),
    );
  });

  it('CSP reports are limited per address (requests, beside the stored reports\' own count)', async () => {
    const address = freshAddress();
    const answers = await untilLimited(LIMIT.cspReport, () =>
      call('POST', '/csp-report', { body: [], headers: { 'Content-Type': 'application/reports+json', 'CF-Connecting-IP': address } }),
    );
    expect(answers[0]?.status).toBe(204);
  });

  it('describes the 429 on each limited route of the OpenAPI document, and only there', async () => {
    const document = (await call<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>('GET', '/openapi.json')).body;
    const limited = [
      ['/assembler', 'post'],
      ['/team/invitation', 'post'],
      ['/team/invitation/{id}/resend', 'post'],
      ['/device/claim', 'post'],
      ['/newsletter', 'post'],
      ['/csp-report', 'post'],
      ['/factory-approval/decision', 'post'],
    ] as const;
    for (const [path, method] of limited) expect(Object.keys(document.paths[path]?.[method]?.responses ?? {}), `${method} ${path}`).toContain('429');
    expect(document.paths['/assembler']?.post?.responses['429']).toMatchObject({
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(Object.keys(document.paths['/team/invitation/{id}/revoke']?.post?.responses ?? {})).not.toContain('429');
    expect(Object.keys(document.paths['/customer']?.post?.responses ?? {})).not.toContain('429');
  });
});

describe('the limiter itself', () => {
  /** A bare app with the limits and a newsletter route that answers 201. */
  function bareApp() {
    const app = createApp({ title: 't', description: 't' });
    rateLimits(app);
    app.post('/newsletter', (c) => c.json({ ok: true }, 201));
    return app;
  }
  const post = (app: ReturnType<typeof bareApp>, bindings: Record<string, unknown>) =>
    app.request('/newsletter', { method: 'POST', headers: { 'CF-Connecting-IP': freshAddress() } }, { ...env, ...bindings });

  it('answers 503 (and logs) when the binding is missing: a broken deploy fails closed', async () => {
    const answer = await post(bareApp(), { RATE_LIMIT_NEWSLETTER: undefined });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: { code: 'rate-limit-unavailable', message: RATE_LIMIT_UNAVAILABLE_MESSAGE } });
  });

  it('lets the request through when the limiter fails (Cloudflare\'s transient fault)', async () => {
    const failing: RateLimit = { limit: () => Promise.reject(new Error('limiter down')) };
    expect((await post(bareApp(), { RATE_LIMIT_NEWSLETTER: failing })).status).toBe(201);
  });

  it('counts an IPv6 client by its /64, an IPv4 one by its address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('ip6:2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('ip6:0:0:0:0::/64');
    expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
  });
});
