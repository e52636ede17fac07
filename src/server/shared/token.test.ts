import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../testing/api';
import { emulatorToken, makeSigner, PROJECT_ID } from '../testing/tokens';
import { useKeySource } from './access';
import { forgetGoogleKeys, googleKeys, verifyIdToken } from './token';

const now = Math.floor(Date.now() / 1000);

describe('verifyIdToken', () => {
  it('accepts an RS256 token signed by a published key, with its claims', async () => {
    const signer = await makeSigner();
    const token = await signer.sign({ uid: 'u-1', email: 'maria@example.com', name: 'Maria', admin: true });
    const result = await verifyIdToken(token, { projectId: PROJECT_ID, keys: async () => signer.keys });
    expect(result).toEqual({ ok: true, identity: { uid: 'u-1', email: 'maria@example.com', name: 'Maria', admin: true } });
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
    const token = emulatorToken({ uid: 'u-1' });
    expect((await verifyIdToken(token, { projectId: PROJECT_ID, emulatorHost: '127.0.0.1:9099' })).ok).toBe(true);
    expect(await verifyIdToken(token, { projectId: PROJECT_ID })).toEqual({ ok: false, reason: 'unsigned' });
    const production = emulatorToken({ uid: 'u-1' }, 'ponte-iiot');
    expect(await verifyIdToken(production, { projectId: 'ponte-iiot', emulatorHost: '127.0.0.1:9099' })).toEqual({
      ok: false,
      reason: 'unsigned',
    });
    const expired = emulatorToken({ uid: 'u-1', exp: now - 3600 });
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
