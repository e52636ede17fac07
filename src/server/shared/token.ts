/**
 * Firebase ID tokens, verified as Firebase documents it
 * (https://firebase.google.com/docs/auth/admin/verify-id-tokens#verify_id_tokens_using_a_third-party_jwt_library):
 * RS256 signed by one of Google's published keys (`kid`), `aud` = the project, `iss` =
 * `https://securetoken.google.com/<project>`, `exp` in the future, `iat` and `auth_time` in the past, `sub` a
 * non-empty string. Google's keys are fetched once and kept as long as their `Cache-Control: max-age` says; a token
 * naming a key id the set lacks (Google rotated its keys) refetches them, at most once a minute per isolate; a failed
 * fetch is remembered for 30 s, so a burst of requests does not hammer Google.
 *
 * The Auth emulator signs nothing (`alg: none`): its tokens are accepted only when the Worker's environment names
 * the emulator on a loopback address with a port (`127.0.0.1:9099`, `localhost:9099`, `[::1]:9099`: local dev vars
 * and the tests, never the deploy config) and the project is a `demo-*` one.
 *
 * A Worker without `FIREBASE_PROJECT_ID` answers its authenticated routes 503 (one pt-BR line) and logs the setting.
 */
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { notConfigured } from './settings';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Who signed in, as the token says. */
export interface TokenIdentity {
  uid: string;
  email: string;
  name: string | undefined;
  admin: boolean;
  /** The token's `email_verified` claim (Google sign-ins are verified by Firebase). */
  emailVerified: boolean;
  /** `auth_time`: when the person last signed in (seconds since the epoch; a refreshed token keeps it). */
  authTime: number;
}

export type TokenResult = { ok: true; identity: TokenIdentity } | { ok: false; reason: string };

/** Where Google's keys come from (a test passes its own); `refresh`: the set lacks a token's key id. */
export type KeySource = (refresh?: boolean) => Promise<JSONWebKeySet>;

/** At most one refetch for an unknown key id per this interval (per isolate). */
export const KEY_REFETCH_INTERVAL_MS = 60_000;
/** How long a failed fetch of Google's keys is remembered (no new attempt meanwhile). */
export const KEY_FAILURE_TTL_MS = 30_000;

interface KeyCache {
  keys: JSONWebKeySet | null;
  expiresAt: number;
  /** When the last fetch started (successful or not). */
  fetchedAt: number;
  /** Until when a failed fetch is remembered. */
  failedUntil: number;
  /** The fetch under way, shared by the requests that wait for it. */
  pending: Promise<JSONWebKeySet> | null;
}

const emptyCache = (): KeyCache => ({ keys: null, expiresAt: 0, fetchedAt: -Infinity, failedUntil: 0, pending: null });
let cache = emptyCache();

async function fetchKeys(fetcher: typeof fetch, now: number): Promise<JSONWebKeySet> {
  cache.fetchedAt = now;
  try {
    const response = await fetcher(GOOGLE_JWKS_URL);
    if (!response.ok) throw new Error(`Google's keys answered ${response.status}`);
    const keys = (await response.json()) as JSONWebKeySet;
    if (!Array.isArray(keys.keys)) throw new Error("Google's keys are not a key set");
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('Cache-Control') ?? '')?.[1];
    cache.keys = keys;
    cache.expiresAt = now + (maxAge ? Number(maxAge) : 3600) * 1000;
    return keys;
  } catch (error) {
    cache.failedUntil = now + KEY_FAILURE_TTL_MS;
    throw error;
  }
}

/**
 * Google's keys, fetched when absent or past their `max-age` (one hour when the header says nothing), or when
 * `refresh` asks and the last fetch is over a minute old. Throws while a failed fetch is remembered.
 */
export async function googleKeys(fetcher: typeof fetch = fetch, now = Date.now(), refresh = false): Promise<JSONWebKeySet> {
  const fresh = cache.keys !== null && cache.expiresAt > now;
  const mayRefetch = now - cache.fetchedAt >= KEY_REFETCH_INTERVAL_MS;
  if (fresh && cache.keys && !(refresh && mayRefetch)) return cache.keys;
  if (cache.pending) return cache.pending;
  if (cache.failedUntil > now) {
    if (fresh && cache.keys) return cache.keys;
    throw new Error("Google's keys are unavailable (a fetch failed moments ago)");
  }
  const pending = fetchKeys(fetcher, now);
  cache.pending = pending;
  try {
    return await pending;
  } finally {
    if (cache.pending === pending) cache.pending = null;
  }
}

/** Forgets the cached keys, the last fetch and its failure (tests). */
export function forgetGoogleKeys(): void {
  cache = emptyCache();
}

/** Whether the emulator's host is a loopback address with a port (`127.0.0.1:9099`, `localhost:9099`, `[::1]:9099`). */
export function isLoopbackEmulatorHost(host: string | undefined): boolean {
  const match = /^(?:127\.0\.0\.1|localhost|\[::1\]):(\d{1,5})$/i.exec(host ?? '');
  const port = Number(match?.[1]);
  return port >= 1 && port <= 65_535;
}

export const FIREBASE_NOT_CONFIGURED_MESSAGE = 'Serviço indisponível: o servidor não está configurado. Tente novamente mais tarde.';

export interface VerifyOptions {
  projectId: string;
  /** The emulator's host when the environment names one (then unsigned tokens of a `demo-*` project pass). */
  emulatorHost?: string | undefined;
  keys?: KeySource;
  /** How Google's keys are fetched when `keys` is not given (tests pass a fake). */
  fetcher?: typeof fetch;
  /** Seconds since the epoch (tests). */
  now?: number;
}

const CLOCK_TOLERANCE_SECONDS = 60;

function identityOf(payload: JWTPayload): TokenResult {
  const sub = payload.sub;
  if (typeof sub !== 'string' || sub === '' || sub.length > 128) return { ok: false, reason: 'subject' };
  return {
    ok: true,
    identity: {
      uid: sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      name: typeof payload.name === 'string' ? payload.name : undefined,
      admin: payload.admin === true,
      emailVerified: payload.email_verified === true,
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : 0,
    },
  };
}

/** Checks what jose does not: `auth_time` (and `iat`) in the past. */
function checkTimes(payload: JWTPayload, now: number): string | null {
  const authTime = payload.auth_time;
  if (typeof authTime !== 'number' || authTime > now + CLOCK_TOLERANCE_SECONDS) return 'auth_time';
  if (typeof payload.iat !== 'number' || payload.iat > now + CLOCK_TOLERANCE_SECONDS) return 'iat';
  return null;
}

function checkClaims(payload: JWTPayload, projectId: string, now: number): string | null {
  if (payload.aud !== projectId) return 'audience';
  if (payload.iss !== `https://securetoken.google.com/${projectId}`) return 'issuer';
  if (typeof payload.exp !== 'number' || payload.exp <= now - CLOCK_TOLERANCE_SECONDS) return 'expired';
  return checkTimes(payload, now);
}

const hasKey = (keys: JSONWebKeySet, kid: string) => keys.keys.some((key) => key.kid === kid);

/**
 * Verifies a Firebase ID token. Never throws for a bad token; throws the 503 `not-configured` when the Worker has no
 * Firebase project (every authenticated route then answers it, and the log names the setting).
 */
export async function verifyIdToken(token: string, options: VerifyOptions): Promise<TokenResult> {
  if (!options.projectId?.trim()) throw notConfigured('FIREBASE_PROJECT_ID is not set', FIREBASE_NOT_CONFIGURED_MESSAGE);
  const nowMs = options.now === undefined ? Date.now() : options.now * 1000;
  const now = Math.floor(nowMs / 1000);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { ok: false, reason: 'malformed' };
  }

  if (header.alg === 'none') {
    if (!isLoopbackEmulatorHost(options.emulatorHost) || !options.projectId.startsWith('demo-')) {
      return { ok: false, reason: 'unsigned' };
    }
    let payload: JWTPayload;
    try {
      payload = decodeJwt(token);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const problem = checkClaims(payload, options.projectId, now);
    return problem ? { ok: false, reason: problem } : identityOf(payload);
  }

  if (header.alg !== 'RS256' || typeof header.kid !== 'string') return { ok: false, reason: 'algorithm' };
  const kid = header.kid;
  const source: KeySource = options.keys ?? ((refresh) => googleKeys(options.fetcher ?? fetch, nowMs, refresh));
  let keys: JSONWebKeySet;
  try {
    keys = await source();
    // Google rotated its keys since they were fetched: once (rate-limited), fetch them again.
    if (!hasKey(keys, kid)) keys = await source(true);
  } catch {
    return { ok: false, reason: 'keys' };
  }
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
      algorithms: ['RS256'],
      audience: options.projectId,
      issuer: `https://securetoken.google.com/${options.projectId}`,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(now * 1000),
      requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
    });
    const problem = checkTimes(payload, now);
    return problem ? { ok: false, reason: problem } : identityOf(payload);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, reason: typeof code === 'string' ? code : 'signature' };
  }
}
