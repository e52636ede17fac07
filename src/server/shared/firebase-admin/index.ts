/**
 * Firebase Admin from a Worker (issue 38, item 2), through Google's REST APIs — no Admin SDK (it needs Node):
 *
 * - **Who we are**: a service account (`FIREBASE_SERVICE_ACCOUNT`, a Worker secret: the JSON file Google gives, with
 *   `client_email` and `private_key`). An RS256 JWT signed with Web Crypto is exchanged for an OAuth2 access token at
 *   its `token_uri` (https://oauth2.googleapis.com/token, grant `jwt-bearer`); the token is kept until 5 minutes
 *   before it expires (per isolate and service account).
 * - **The calls**: Identity Toolkit v1, project-scoped (`FIREBASE_PROJECT_ID`): `accounts:lookup` by e-mail,
 *   `accounts:update` (`customAttributes`: the `admin` claim; `validSince`: revokes the refresh tokens issued
 *   before it), `accounts:delete`.
 * - **The emulator**: when the environment names one on a loopback address and the project is `demo-*` (as
 *   token.ts accepts its tokens), the same calls go to `http://<host>/identitytoolkit.googleapis.com/…` with the
 *   emulator's own admin credential, `Authorization: Bearer owner`; no service account is needed.
 * - **Failures**: no service account, or one Google refuses (the token exchange or a call answering 401/403) →
 *   503 `firebase-admin-unavailable` with one pt-BR line, the reason in the log (never answered); Google unreachable
 *   or answering 5xx → 503 `firebase-unreachable`. A refused access token is forgotten at once.
 */
import { ApiError } from '../errors';
import type { Env } from '../env';
import { isLoopbackEmulatorHost } from '../token';

export const FIREBASE_ADMIN_UNAVAILABLE_MESSAGE =
  'Gestão de acessos indisponível: o servidor não está autorizado a administrar contas do Firebase. Avise o responsável pela implantação.';
export const FIREBASE_UNREACHABLE_MESSAGE = 'Não foi possível falar com o Firebase agora. Tente novamente em instantes.';

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const IDENTITY_TOOLKIT_URL = 'https://identitytoolkit.googleapis.com';
/** What the access token may do: the Identity Toolkit (and Cloud Platform, which the Admin SDK asks as well). */
export const ADMIN_SCOPES = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/identitytoolkit';
/** A cached access token is renewed this long before it expires. */
export const TOKEN_MARGIN_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** The parts of a service account's JSON we use. */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** A Firebase user as `accounts:lookup` answers it (the fields we read). */
export interface FirebaseUser {
  uid: string;
  email: string;
  displayName: string | undefined;
  /** The custom claims (parsed `customAttributes`; `{}` when none). */
  claims: Record<string, unknown>;
}

export type Fetcher = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

function unavailable(reason: string): ApiError {
  console.error(`firebase admin unavailable: ${reason} (the staff routes answer 503 until it is fixed)`);
  return new ApiError(503, 'firebase-admin-unavailable', FIREBASE_ADMIN_UNAVAILABLE_MESSAGE);
}

function unreachable(reason: string): ApiError {
  console.error(`firebase unreachable: ${reason}`);
  return new ApiError(503, 'firebase-unreachable', FIREBASE_UNREACHABLE_MESSAGE);
}

/** Parses the secret; throws the 503 naming what is wrong (in the log only). */
export function parseServiceAccount(json: string | undefined): ServiceAccount {
  if (!json?.trim()) throw unavailable('FIREBASE_SERVICE_ACCOUNT is not set');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw unavailable('FIREBASE_SERVICE_ACCOUNT is not JSON');
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const clientEmail = record.client_email;
  const privateKey = record.private_key;
  if (typeof clientEmail !== 'string' || clientEmail === '' || typeof privateKey !== 'string' || !privateKey.includes('PRIVATE KEY')) {
    throw unavailable('FIREBASE_SERVICE_ACCOUNT lacks client_email or private_key');
  }
  const tokenUri = typeof record.token_uri === 'string' && record.token_uri.startsWith('https://') ? record.token_uri : GOOGLE_TOKEN_URL;
  return { clientEmail, privateKey, tokenUri };
}

function base64Url(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\\n/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  return crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
}

/** The signed assertion exchanged for an access token (RFC 7523), valid one hour from `now` (epoch ms). */
export async function signAssertion(account: ServiceAccount, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  const header = base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64Url(JSON.stringify({ iss: account.clientEmail, scope: ADMIN_SCOPES, aud: account.tokenUri, iat, exp: iat + 3600 }));
  let key: CryptoKey;
  try {
    key = await importPrivateKey(account.privateKey);
  } catch {
    throw unavailable('the service account private_key is not a PKCS#8 RSA key');
  }
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(`${header}.${claims}`));
  return `${header}.${claims}.${base64Url(new Uint8Array(signature))}`;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Forgets every cached access token (tests; and a token Google refused). */
export function forgetAccessTokens(): void {
  tokens.clear();
}

async function send(fetcher: Fetcher, url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetcher(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw unreachable(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** An access token for the service account: the cached one, else a new one from the token endpoint. */
export async function accessToken(account: ServiceAccount, fetcher: Fetcher, now = Date.now()): Promise<string> {
  const cached = tokens.get(account.clientEmail);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > now) return cached.token;
  const assertion = await signAssertion(account, now);
  const response = await send(
    fetcher,
    account.tokenUri,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    },
    'token endpoint',
  );
  const data = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
  if (response.status >= 500) throw unreachable(`token endpoint answered ${response.status}`);
  if (!response.ok || typeof data.access_token !== 'string') {
    const reason = [data.error, data.error_description].filter((part) => typeof part === 'string').join(': ');
    throw unavailable(`Google refused the service account ${account.clientEmail} (${response.status}${reason ? ` ${reason}` : ''})`);
  }
  const seconds = typeof data.expires_in === 'number' ? data.expires_in : 3600;
  tokens.set(account.clientEmail, { token: data.access_token, expiresAt: now + seconds * 1000 });
  return data.access_token;
}

/** Where the calls go and with which credential. */
interface Target {
  base: string;
  authorization: () => Promise<string>;
  /** A 401/403 from this target: forget its token. */
  refused: () => void;
}

export interface FirebaseAdminOptions {
  fetcher?: Fetcher;
  now?: () => number;
}

export interface FirebaseAdmin {
  /** The user with this e-mail, or null when Firebase has none. */
  userByEmail(email: string): Promise<FirebaseUser | null>;
  /** The user with this uid, or null. */
  userByUid(uid: string): Promise<FirebaseUser | null>;
  /**
   * Sets the custom claims (the whole object, as Firebase replaces it); with `revokeAt` (epoch ms) also revokes the
   * refresh tokens issued before it (`validSince`, in seconds).
   */
  setClaims(uid: string, claims: Record<string, unknown>, revokeAt?: number): Promise<void>;
  /** Deletes the user; false when Firebase had none. */
  deleteUser(uid: string): Promise<boolean>;
}

/** Whether the Worker talks to the Auth emulator (local development and tests only). */
export function usesEmulator(env: Pick<Env, 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_PROJECT_ID'>): boolean {
  return isLoopbackEmulatorHost(env.FIREBASE_AUTH_EMULATOR_HOST) && (env.FIREBASE_PROJECT_ID ?? '').startsWith('demo-');
}

function targetOf(env: Env, fetcher: Fetcher, now: () => number): Target {
  if (usesEmulator(env)) {
    return { base: `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com`, authorization: async () => 'Bearer owner', refused: () => {} };
  }
  const account = parseServiceAccount(env.FIREBASE_SERVICE_ACCOUNT);
  return {
    base: IDENTITY_TOOLKIT_URL,
    authorization: async () => `Bearer ${await accessToken(account, fetcher, now())}`,
    refused: () => tokens.delete(account.clientEmail),
  };
}

interface LookupUser {
  localId?: unknown;
  email?: unknown;
  displayName?: unknown;
  customAttributes?: unknown;
}

function userOf(row: LookupUser): FirebaseUser | null {
  if (typeof row.localId !== 'string') return null;
  let claims: Record<string, unknown> = {};
  if (typeof row.customAttributes === 'string' && row.customAttributes !== '') {
    try {
      const parsed: unknown = JSON.parse(row.customAttributes);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) claims = parsed as Record<string, unknown>;
    } catch {
      claims = {};
    }
  }
  return {
    uid: row.localId,
    email: typeof row.email === 'string' ? row.email : '',
    displayName: typeof row.displayName === 'string' ? row.displayName : undefined,
    claims,
  };
}

/** The Firebase Admin calls for this Worker's project; throws the 503 when it cannot make them. */
export function firebaseAdmin(env: Env, options: FirebaseAdminOptions = {}): FirebaseAdmin {
  const transport = env.FIREBASE_ADMIN_TRANSPORT;
  const fetcher: Fetcher =
    options.fetcher ?? (transport ? (input, init) => transport(new Request(input, init)) : (input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const projectId = env.FIREBASE_PROJECT_ID?.trim();
  if (!projectId) throw unavailable('FIREBASE_PROJECT_ID is not set');
  const target = targetOf(env, fetcher, now);

  /** One Identity Toolkit call; the parsed body, or null for USER_NOT_FOUND. */
  async function post(action: string, body: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    const url = `${target.base}/v1/projects/${encodeURIComponent(projectId ?? '')}/${action}`;
    const response = await send(
      fetcher,
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: await target.authorization() }, body: JSON.stringify(body) },
      action,
    );
    const data = (await response.json().catch(() => ({}))) as { error?: { message?: unknown } } & Record<string, unknown>;
    if (response.ok) return data;
    const message = typeof data.error?.message === 'string' ? data.error.message : '';
    if (/^USER_NOT_FOUND/.test(message)) return null;
    if (response.status === 401 || response.status === 403) {
      target.refused();
      throw unavailable(`${action} answered ${response.status}${message ? ` ${message}` : ''}`);
    }
    if (response.status >= 500 || response.status === 429) throw unreachable(`${action} answered ${response.status}`);
    throw unreachable(`${action} refused the request (${response.status}${message ? ` ${message}` : ''})`);
  }

  const lookup = async (body: Record<string, unknown>) => {
    const data = await post('accounts:lookup', body);
    const users = Array.isArray(data?.users) ? (data.users as LookupUser[]) : [];
    return users.map(userOf).find((user) => user !== null) ?? null;
  };

  return {
    userByEmail: (email) => lookup({ email: [email.trim().toLowerCase()] }),
    userByUid: (uid) => lookup({ localId: [uid] }),
    async setClaims(uid, claims, revokeAt) {
      const body: Record<string, unknown> = { localId: uid, customAttributes: JSON.stringify(claims) };
      if (revokeAt !== undefined) body.validSince = String(Math.floor(revokeAt / 1000));
      const data = await post('accounts:update', body);
      if (data === null) throw new ApiError(404, 'not-found', 'Esta pessoa não tem mais conta no Firebase.');
    },
    async deleteUser(uid) {
      return (await post('accounts:delete', { localId: uid })) !== null;
    },
  };
}
