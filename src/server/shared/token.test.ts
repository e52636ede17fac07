import { env } from 'cloudflare:test';
import type { JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../main/index';
import { call } from '../testing/api';
import { makeEmulatorToken, makeSigner, PROJECT_ID } from '../testing/tokens';
import { useKeySource } from './access';
import { FIREBASE_NOT_CONFIGURED_MESSAGE, forgetGoogleKeys, googleKeys, verifyIdToken } from './token';

const now = Math.floor(Date.now() / 1000);

describe('verifyIdToken', () => {
  it('accepts an RS256 token signed by a published key, with its claims', async () => {
    const signer = await makeSigner();
    const token = await signer.sign({ uid: 'u-1', email: 'maria@example.com', name: 'Maria', admin: true });
    const result = await verifyIdToken(token, { projectId: PROJECT_ID, keys: async () => signer.keys });
    expect(result).toEqual({
      ok: true,
      identity: { uid: 'u-1', email: 'maria@example.com', name: 'Maria', admin: true, emailVerified: true, authTime: expect.any(Number) },
    });
  });

  it.each([
    ['another project (audience)', { aud: 'other-project' }],
    ['another issuer', { iss: 'https://securetoken.google.com/other-project' }],
    ['expired', { exp: now - 3600, iat: now - 7200, auth_time: now - 7200 }],
    ['issued in the future', { iat: now + 3600 }],
    ['signed in in the future', { auth_time: now + 3600 }],
  ])('refuses a token of %s', async (_name, claims) => {
    const signer = await makeSigner();
    const token = await signer.sign({ uid: 'u-1', ...claims });
    const result = await verifyIdToken(token, { projectId: PROJECT_ID, keys: async () => signer.keys });
    expect(result.ok).toBe(false);
  });

  it('refuses a tampered payload and a key nobody published', async () => {
    const signer = await makeSigner();
    const token = await signer.sign({ uid: 'u-1' });
    const [header, , signature] = token.split('.');
    const forged = btoa(JSON.stringify({ sub: 'someone-else', aud: PROJECT_ID, admin: true })).replace(/=+$/, '');
    const tampered = `${header}.${forged}.${signature}`;
    expect((await verifyIdToken(tampered, { projectId: PROJECT_ID, keys: async () => signer.keys })).ok).toBe(false);
    const stranger = await makeSigner('test-key-1');
    expect((await verifyIdToken(token, { projectId: PROJECT_ID, keys: async () => stranger.keys })).ok).toBe(false);
  });

  it('accepts the emulator’s unsigned tokens only when the emulator is named and the project is demo-*', async () => {
    const token = makeEmulatorToken({ uid: 'u-1' });
    expect((await verifyIdToken(token, { projectId: PROJECT_ID, emulatorHost: '127.0.0.1:9099' })).ok).toBe(true);
    expect(await verifyIdToken(token, { projectId: PROJECT_ID })).toEqual({ ok: false, reason: 'unsigned' });
    const production = makeEmulatorToken({ uid: 'u-1' }, 'ponte-iiot');
    expect(await verifyIdToken(production, { projectId: 'ponte-iiot', emulatorHost: '127.0.0.1:9099' })).toEqual({
      ok: false,
      reason: 'unsigned',
    });
    const expired = makeEmulatorToken({ uid: 'u-1', exp: now - 3600 });
    expect((await verifyIdToken(expired, { projectId: PROJECT_ID, emulatorHost: '127.0.0.1:9099' })).ok).toBe(false);
  });

  it('refuses garbage', async () => {
    for (const token of ['', 'abc', 'a.b.c', '🙂.🙂.🙂']) {
      expect((await verifyIdToken(token, { projectId: PROJECT_ID, emulatorHost: 'x' })).ok).toBe(false);
    }
  });
});

describe('Google’s keys', () => {
  afterEach(() => forgetGoogleKeys());

  it('are fetched once and kept as long as Cache-Control says', async () => {
    let fetches = 0;
    const fetcher = (async () => {
      fetches += 1;
      return new Response(JSON.stringify({ keys: [] }), { headers: { 'Cache-Control': 'public, max-age=600, must-revalidate' } });
    }) as unknown as typeof fetch;
    await googleKeys(fetcher, 0);
    await googleKeys(fetcher, 599_000);
    expect(fetches).toBe(1);
    await googleKeys(fetcher, 601_000);
    expect(fetches).toBe(2);
  });
});

describe('every request’s token', () => {
  afterEach(() => useKeySource(undefined));

  it('passes with a signed token of the project and fails, 401 in pt-BR, otherwise', async () => {
    const signer = await makeSigner();
    useKeySource(async () => signer.keys);
    const good = await call('GET', '/customer', { as: { token: await signer.sign({ uid: 'signed-user' }) } });
    expect(good.status).toBe(200);
    const unauthenticated = { error: { code: 'unauthenticated', message: 'Sessão ausente ou expirada. Entre novamente.' } };
    for (const token of [
      await signer.sign({ uid: 'signed-user', aud: 'other-project' }),
      await signer.sign({ uid: 'signed-user', exp: now - 60 * 60, iat: now - 7200, auth_time: now - 7200 }),
      'garbage',
    ]) {
      const answer = await call('GET', '/customer', { as: { token } });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(unauthenticated);
    }
    expect((await call('GET', '/customer')).status).toBe(401);
  });
});

describe('Google’s keys, robustly (issue 35)', () => {
  afterEach(() => forgetGoogleKeys());

  /** A fake of Google's key endpoint: answers the key sets it is given, one per fetch (the last one again). */
  function googleEndpoint(...answers: (JSONWebKeySet | number)[]) {
    let fetches = 0;
    const fetcher = (async () => {
      const answer = answers[Math.min(fetches, answers.length - 1)];
      fetches += 1;
      if (typeof answer === 'number') return new Response('unavailable', { status: answer });
      return new Response(JSON.stringify(answer), { headers: { 'Cache-Control': 'public, max-age=3600' } });
    }) as unknown as typeof fetch;
    return { fetcher, fetches: () => fetches };
  }

  it('a token naming an unknown key id refetches Google’s keys once, then passes', async () => {
    const old = await makeSigner('old-key');
    const rotated = await makeSigner('new-key');
    const google = googleEndpoint(old.keys, rotated.keys);
    await googleKeys(google.fetcher, (now - 120) * 1000);
    const token = await rotated.sign({ uid: 'u-1' });
    const result = await verifyIdToken(token, { projectId: PROJECT_ID, fetcher: google.fetcher, now });
    expect(result.ok).toBe(true);
    expect(google.fetches()).toBe(2);
  });

  it('a burst of unknown key ids refetches at most once a minute', async () => {
    const signer = await makeSigner('known-key');
    const stranger = await makeSigner('unknown-key');
    const google = googleEndpoint(signer.keys);
    await googleKeys(google.fetcher, (now - 120) * 1000);
    const token = await stranger.sign({ uid: 'u-1' });
    for (let index = 0; index < 5; index += 1) {
      expect((await verifyIdToken(token, { projectId: PROJECT_ID, fetcher: google.fetcher, now: now + index })).ok).toBe(false);
    }
    expect(google.fetches()).toBe(2);
    expect((await verifyIdToken(token, { projectId: PROJECT_ID, fetcher: google.fetcher, now: now + 61 })).ok).toBe(false);
    expect(google.fetches()).toBe(3);
    // Known keys still verify meanwhile.
    expect((await verifyIdToken(await signer.sign({ uid: 'u-1' }), { projectId: PROJECT_ID, fetcher: google.fetcher, now: now + 62 })).ok).toBe(true);
    expect(google.fetches()).toBe(3);
  });

  it('a failed key fetch is remembered for 30 s, so a burst does not hammer Google', async () => {
    const signer = await makeSigner('known-key');
    const google = googleEndpoint(503, signer.keys);
    const token = await signer.sign({ uid: 'u-1' });
    for (let index = 0; index < 5; index += 1) {
      expect(await verifyIdToken(token, { projectId: PROJECT_ID, fetcher: google.fetcher, now: now + index })).toEqual({ ok: false, reason: 'keys' });
    }
    expect(google.fetches()).toBe(1);
    expect((await verifyIdToken(token, { projectId: PROJECT_ID, fetcher: google.fetcher, now: now + 31 })).ok).toBe(true);
    expect(google.fetches()).toBe(2);
  });

  it('a key fetch that throws (network) is remembered the same way', async () => {
    let fetches = 0;
    const fetcher = (async () => {
      fetches += 1;
      throw new TypeError('network down');
    }) as unknown as typeof fetch;
    await expect(googleKeys(fetcher, 0)).rejects.toThrow();
    await expect(googleKeys(fetcher, 29_000)).rejects.toThrow();
    expect(fetches).toBe(1);
    await expect(googleKeys(fetcher, 31_000)).rejects.toThrow();
    expect(fetches).toBe(2);
  });
});

describe('the Auth emulator’s unsigned tokens (issue 35)', () => {
  const token = makeEmulatorToken({ uid: 'u-1', admin: true });

  it.each(['127.0.0.1:9099', 'localhost:9099', '[::1]:9099', 'LOCALHOST:4000'])('pass with the emulator on loopback %s and a demo-* project', async (host) => {
    expect((await verifyIdToken(token, { projectId: PROJECT_ID, emulatorHost: host })).ok).toBe(true);
  });

  it.each(['emulator.example.com:9099', '10.0.0.5:9099', '127.0.0.1', 'localhost', '127.0.0.1.evil.com:9099', 'localhost:99999', '0.0.0.0:9099', ' '])(
    'are refused with the emulator named as %j (not a loopback address with a port)',
    async (host) => {
      expect(await verifyIdToken(token, { projectId: PROJECT_ID, emulatorHost: host })).toEqual({ ok: false, reason: 'unsigned' });
    },
  );

  it('an alg: none token with admin: true against a Worker configured without the emulator is refused (401)', async () => {
    const admin = makeEmulatorToken({ uid: 'intruder', admin: true });
    const withoutEmulator = { ...env, FIREBASE_AUTH_EMULATOR_HOST: undefined };
    const answer = await app.request('/backoffice/dashboard', { headers: { Authorization: `Bearer ${admin}` } }, withoutEmulator);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sessão ausente ou expirada. Entre novamente.' } });
    // The same token with the emulator configured passes (the route exists and the token is otherwise valid).
    expect((await app.request('/backoffice/dashboard', { headers: { Authorization: `Bearer ${admin}` } }, env)).status).toBe(200);
  });
});

describe('a Worker without its Firebase project (issue 35)', () => {
  it('answers authenticated routes 503 with one pt-BR line and logs the missing setting', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const unconfigured = { ...env, FIREBASE_PROJECT_ID: undefined };
      const answer = await app.request('/customer', { headers: { Authorization: `Bearer ${makeEmulatorToken({ uid: 'u-1' })}` } }, unconfigured);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ error: { code: 'not-configured', message: FIREBASE_NOT_CONFIGURED_MESSAGE } });
      expect(errorLog.mock.calls.flat().join(' ')).toContain('FIREBASE_PROJECT_ID');
      // Public routes still answer.
      expect((await app.request('/openapi.json', {}, unconfigured)).status).toBe(200);
    } finally {
      errorLog.mockRestore();
    }
  });
});
