/**
 * Firebase ID tokens, verified as Firebase documents it
 * (https://firebase.google.com/docs/auth/admin/verify-id-tokens#verify_id_tokens_using_a_third-party_jwt_library):
 * RS256 signed by one of Google's published keys (`kid`), `aud` = the project, `iss` =
 * `https://securetoken.google.com/<project>`, `exp` in the future, `iat` and `auth_time` in the past, `sub` a
 * non-empty string. Google's keys are fetched once and kept as long as their `Cache-Control: max-age` says.
 *
 * The Auth emulator signs nothing (`alg: none`): its tokens are accepted only when the Worker's environment names
 * the emulator (local dev vars and the tests, never the deploy config) and the project is a `demo-*` one.
 */
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Who signed in, as the token says. */
export interface TokenIdentity {
  uid: string;
  email: string;
  name: string | undefined;
  admin: boolean;
}

export type TokenResult = { ok: true; identity: TokenIdentity } | { ok: false; reason: string };

/** Where Google's keys come from (a test passes its own). */
export type KeySource = () => Promise<JSONWebKeySet>;

interface CachedKeys {
  keys: JSONWebKeySet;
  expiresAt: number;
}

let cached: CachedKeys | null = null;

/** Google's keys, fetched when absent or past their `max-age` (one hour when the header says nothing). */
export async function googleKeys(fetcher: typeof fetch = fetch, now = Date.now()): Promise<JSONWebKeySet> {
  if (cached && cached.expiresAt > now) return cached.keys;
  const response = await fetcher(GOOGLE_JWKS_URL);
  if (!response.ok) throw new Error(`Google's keys answered ${response.status}`);
  const keys = (await response.json()) as JSONWebKeySet;
  const maxAge = /max-age=(\d+)/.exec(response.headers.get('Cache-Control') ?? '')?.[1];
  cached = { keys, expiresAt: now + (maxAge ? Number(maxAge) : 3600) * 1000 };
  return keys;
}

/** Forgets the cached keys (tests). */
export function forgetGoogleKeys(): void {
  cached = null;
}

export interface VerifyOptions {
  projectId: string;
  /** The emulator's host when the environment names one (then unsigned tokens of a `demo-*` project pass). */
  emulatorHost?: string | undefined;
  keys?: KeySource;
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

/** Verifies a Firebase ID token; never throws. */
export async function verifyIdToken(token: string, options: VerifyOptions): Promise<TokenResult> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { ok: false, reason: 'malformed' };
  }

  if (header.alg === 'none') {
    if (!options.emulatorHost || !options.projectId.startsWith('demo-')) return { ok: false, reason: 'unsigned' };
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
  try {
    const keys = await (options.keys ?? (() => googleKeys()))();
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
