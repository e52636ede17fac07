/**
 * Firebase Admin through Google's REST APIs (issue 38, item 2), against a double of Google's endpoints: the exact
 * requests (the signed assertion, the Identity Toolkit calls), the access token's cache, the emulator's credential,
 * and the refusals — no service account, one Google rejects, Google unreachable — as 503s with the reason in the log.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../env';
import { ApiError } from '../errors';
import {
  ADMIN_SCOPES,
  FIREBASE_ADMIN_UNAVAILABLE_MESSAGE,
  FIREBASE_UNREACHABLE_MESSAGE,
  firebaseAdmin,
  forgetAccessTokens,
  GOOGLE_TOKEN_URL,
  type Fetcher,
} from './index';

const PROJECT = 'ponte-producao';
const CLIENT_EMAIL = 'ponte-admin@ponte-producao.iam.gserviceaccount.com';
const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

function base64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const decodePart = (part: string) => JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
const bytesOf = (part: string) => Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

async function makeServiceAccount(): Promise<{ json: string; publicKey: CryptoKey }> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const pkcs8 = (await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer;
  const pem = `-----BEGIN PRIVATE KEY-----\n${base64(pkcs8).replace(/(.{64})/g, '$1\n')}\n-----END PRIVATE KEY-----\n`;
  const json = JSON.stringify({ type: 'service_account', project_id: PROJECT, client_email: CLIENT_EMAIL, private_key: pem, token_uri: GOOGLE_TOKEN_URL });
  return { json, publicKey: pair.publicKey };
}

/** Google's token endpoint and Identity Toolkit, as a double that records every request. */
function makeGoogle(answers: { token?: () => Response; toolkit?: (action: string, body: Record<string, unknown>) => Response } = {}) {
  const seen: Seen[] = [];
  const fetcher: Fetcher = async (input, init) => {
    const request = new Request(input, init);
    const body = new TextDecoder().decode(await request.arrayBuffer());
    seen.push({ url: request.url, method: request.method, headers: Object.fromEntries(request.headers), body });
    if (request.url === GOOGLE_TOKEN_URL) {
      return answers.token?.() ?? Response.json({ access_token: 'ya29.token-de-teste', expires_in: 3599, token_type: 'Bearer' });
    }
    const action = request.url.split('/').pop() ?? '';
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (answers.toolkit) return answers.toolkit(action, parsed);
    if (action === 'accounts:lookup') {
      return Response.json({
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [{ localId: 'uid-pessoa', email: 'pessoa@ponte.com.br', displayName: 'Pessoa Teste', customAttributes: '{"plano":"pro"}' }],
      });
    }
    return Response.json({ kind: 'identitytoolkit#SetAccountInfoResponse', localId: parsed.localId });
  };
  return { seen, fetcher };
}

const makeEnv = (overrides: Partial<Env>): Env => ({ FIREBASE_PROJECT_ID: PROJECT, ...overrides }) as Env;

async function expectApiError(promise: Promise<unknown> | (() => unknown), status: number, code: string, message: string) {
  let caught: unknown = null;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ApiError);
  expect((caught as ApiError).status).toBe(status);
  expect((caught as ApiError).code).toBe(code);
  expect((caught as ApiError).message).toBe(message);
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  forgetAccessTokens();
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('firebaseAdmin with a service account', () => {
  it('signs an RS256 assertion, exchanges it for an access token and looks the e-mail up with it', async () => {
    const account = await makeServiceAccount();
    const google = makeGoogle();
    const admin = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: google.fetcher, now: () => NOW });
    const user = await admin.userByEmail('  Pessoa@Ponte.com.br ');
    expect(user).toEqual({ uid: 'uid-pessoa', email: 'pessoa@ponte.com.br', displayName: 'Pessoa Teste', claims: { plano: 'pro' } });

    expect(google.seen.map((request) => [request.method, request.url])).toEqual([
      ['POST', GOOGLE_TOKEN_URL],
      ['POST', `https://identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`],
    ]);
    const [exchange, lookup] = google.seen;
    expect(exchange?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(exchange?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
    expect(decodePart(header)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const iat = Math.floor(NOW / 1000);
    expect(decodePart(claims)).toEqual({ iss: CLIENT_EMAIL, scope: ADMIN_SCOPES, aud: GOOGLE_TOKEN_URL, iat, exp: iat + 3600 });
    const verified = await crypto.subtle.verify('RSASSA-PKCS1-v1_5', account.publicKey, bytesOf(signature), new TextEncoder().encode(`${header}.${claims}`));
    expect(verified).toBe(true);

    expect(lookup?.headers.authorization).toBe('Bearer ya29.token-de-teste');
    expect(lookup?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(lookup?.body ?? '')).toEqual({ email: ['pessoa@ponte.com.br'] });
  });

  it('keeps the access token until 5 minutes before it expires, then asks for a new one', async () => {
    const account = await makeServiceAccount();
    const google = makeGoogle();
    let now = NOW;
    const admin = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: google.fetcher, now: () => now });
    await admin.userByUid('uid-pessoa');
    now = NOW + 54 * 60_000;
    await admin.userByUid('uid-pessoa');
    expect(google.seen.filter((request) => request.url === GOOGLE_TOKEN_URL)).toHaveLength(1);
    now = NOW + 55 * 60_000;
    await admin.userByUid('uid-pessoa');
    expect(google.seen.filter((request) => request.url === GOOGLE_TOKEN_URL)).toHaveLength(2);
    expect(JSON.parse(google.seen.at(-1)?.body ?? '')).toEqual({ localId: ['uid-pessoa'] });
  });

  it('sets the claims (revoking the refresh tokens with validSince) and deletes users; a user Firebase lacks is false', async () => {
    const account = await makeServiceAccount();
    const google = makeGoogle({
      toolkit: (action, body) =>
        action === 'accounts:delete' && body.localId === 'uid-sumido'
          ? Response.json({ error: { code: 400, message: 'USER_NOT_FOUND' } }, { status: 400 })
          : Response.json({ localId: body.localId }),
    });
    const admin = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: google.fetcher, now: () => NOW });
    await admin.setClaims('uid-pessoa', { plano: 'pro', admin: true });
    await admin.setClaims('uid-pessoa', { plano: 'pro' }, NOW + 1_500);
    expect(await admin.deleteUser('uid-pessoa')).toBe(true);
    expect(await admin.deleteUser('uid-sumido')).toBe(false);
    const calls = google.seen.filter((request) => request.url !== GOOGLE_TOKEN_URL).map((request) => [request.url.split('/').pop(), JSON.parse(request.body)]);
    expect(calls).toEqual([
      ['accounts:update', { localId: 'uid-pessoa', customAttributes: '{"plano":"pro","admin":true}' }],
      ['accounts:update', { localId: 'uid-pessoa', customAttributes: '{"plano":"pro"}', validSince: String(Math.floor(NOW / 1000) + 1) }],
      ['accounts:delete', { localId: 'uid-pessoa' }],
      ['accounts:delete', { localId: 'uid-sumido' }],
    ]);
  });

  it('an e-mail with no Firebase account: null', async () => {
    const account = await makeServiceAccount();
    const google = makeGoogle({ toolkit: () => Response.json({ kind: 'identitytoolkit#GetAccountInfoResponse' }) });
    const admin = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: google.fetcher, now: () => NOW });
    expect(await admin.userByEmail('ninguem@ponte.com.br')).toBeNull();
  });
});

describe('firebaseAdmin refusals: 503 with one pt-BR line, the reason in the log', () => {
  it('no service account, or one that is not JSON or lacks its key', async () => {
    for (const [secret, reason] of [
      [undefined, 'FIREBASE_SERVICE_ACCOUNT is not set'],
      ['{nao é json', 'FIREBASE_SERVICE_ACCOUNT is not JSON'],
      ['{"client_email":"x@y"}', 'FIREBASE_SERVICE_ACCOUNT lacks client_email or private_key'],
    ] as const) {
      logged.mockClear();
      await expectApiError(() => firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: secret })), 503, 'firebase-admin-unavailable', FIREBASE_ADMIN_UNAVAILABLE_MESSAGE);
      expect(logged).toHaveBeenCalledWith(`firebase admin unavailable: ${reason} (the staff routes answer 503 until it is fixed)`);
    }
  });

  it('Google refuses the service account (invalid_grant): 503, the reason logged, nothing looked up', async () => {
    const account = await makeServiceAccount();
    const google = makeGoogle({ token: () => Response.json({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }, { status: 400 }) });
    const admin = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: google.fetcher, now: () => NOW });
    await expectApiError(admin.userByEmail('pessoa@ponte.com.br'), 503, 'firebase-admin-unavailable', FIREBASE_ADMIN_UNAVAILABLE_MESSAGE);
    expect(logged).toHaveBeenCalledWith(
      `firebase admin unavailable: Google refused the service account ${CLIENT_EMAIL} (400 invalid_grant: Invalid JWT Signature.) (the staff routes answer 503 until it is fixed)`,
    );
    expect(google.seen).toHaveLength(1);
  });

  it('the Identity Toolkit refuses the token (403): 503, and the token is forgotten (the next call asks for a new one)', async () => {
    const account = await makeServiceAccount();
    let refuse = true;
    const google = makeGoogle({
      toolkit: () => (refuse ? Response.json({ error: { code: 403, message: 'PERMISSION_DENIED' } }, { status: 403 }) : Response.json({ users: [] })),
    });
    const admin = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: google.fetcher, now: () => NOW });
    await expectApiError(admin.userByUid('uid-pessoa'), 503, 'firebase-admin-unavailable', FIREBASE_ADMIN_UNAVAILABLE_MESSAGE);
    expect(logged).toHaveBeenCalledWith('firebase admin unavailable: accounts:lookup answered 403 PERMISSION_DENIED (the staff routes answer 503 until it is fixed)');
    refuse = false;
    expect(await admin.userByUid('uid-pessoa')).toBeNull();
    expect(google.seen.filter((request) => request.url === GOOGLE_TOKEN_URL)).toHaveLength(2);
  });

  it('Google unreachable or failing: 503 firebase-unreachable', async () => {
    const account = await makeServiceAccount();
    const down: Fetcher = async () => {
      throw new TypeError('fetch failed');
    };
    const admin = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: down, now: () => NOW });
    await expectApiError(admin.userByEmail('pessoa@ponte.com.br'), 503, 'firebase-unreachable', FIREBASE_UNREACHABLE_MESSAGE);
    expect(logged).toHaveBeenCalledWith('firebase unreachable: token endpoint: fetch failed');
    const failing = makeGoogle({ toolkit: () => new Response('', { status: 502 }) });
    const other = firebaseAdmin(makeEnv({ FIREBASE_SERVICE_ACCOUNT: account.json }), { fetcher: failing.fetcher, now: () => NOW });
    await expectApiError(other.deleteUser('uid-pessoa'), 503, 'firebase-unreachable', FIREBASE_UNREACHABLE_MESSAGE);
  });
});

describe('firebaseAdmin against the Auth emulator', () => {
  it('calls the emulator with its own admin credential (Bearer owner), no service account', async () => {
    const google = makeGoogle();
    const admin = firebaseAdmin(makeEnv({ FIREBASE_PROJECT_ID: 'demo-ponte', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }), { fetcher: google.fetcher });
    await admin.setClaims('uid-pessoa', { admin: true });
    expect(google.seen).toEqual([
      {
        url: 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/demo-ponte/accounts:update',
        method: 'POST',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify({ localId: 'uid-pessoa', customAttributes: '{"admin":true}' }),
      },
    ]);
  });

  it('never for a project that is not demo-* (a production project with the variable set needs its service account)', async () => {
    await expectApiError(
      () => firebaseAdmin(makeEnv({ FIREBASE_PROJECT_ID: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })),
      503,
      'firebase-admin-unavailable',
      FIREBASE_ADMIN_UNAVAILABLE_MESSAGE,
    );
  });
});
