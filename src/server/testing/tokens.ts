/** ID tokens for the server's tests: the Auth emulator's unsigned ones, and RS256 ones signed with a test key. */
import { SignJWT, exportJWK, generateKeyPair, type JWK, type JSONWebKeySet } from 'jose';

export const PROJECT_ID = 'demo-ponte';

export interface TestClaims {
  uid: string;
  email?: string;
  name?: string;
  admin?: boolean;
  /** Overrides of the standard claims (a wrong audience, an expired `exp`…). */
  aud?: string;
  iss?: string;
  exp?: number;
  iat?: number;
  auth_time?: number;
  /** Default true (the demo's accounts are verified); false: a sign-up that has not confirmed its e-mail. */
  email_verified?: boolean;
}

function claimsOf(claims: TestClaims, projectId: string): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    ...(claims.name ? { name: claims.name } : {}),
    ...(claims.admin ? { admin: true } : {}),
    email: claims.email ?? `${claims.uid}@example.com`,
    email_verified: claims.email_verified ?? true,
    user_id: claims.uid,
    sub: claims.uid,
    iat: claims.iat ?? now,
    auth_time: claims.auth_time ?? now,
    exp: claims.exp ?? now + 3600,
    aud: claims.aud ?? projectId,
    iss: claims.iss ?? `https://securetoken.google.com/${projectId}`,
  };
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An Auth-emulator-shaped token (`alg: none`, no signature). */
export function makeEmulatorToken(claims: TestClaims, projectId = PROJECT_ID): string {
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(claimsOf(claims, projectId)))}.`;
}

export interface TestSigner {
  keys: JSONWebKeySet;
  sign(claims: TestClaims, projectId?: string): Promise<string>;
}

/** A key pair made in the test, published as a key set the way Google publishes its own. */
export async function makeSigner(kid = 'test-key-1'): Promise<TestSigner> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    keys: { keys: [jwk] },
    sign: (claims, projectId = PROJECT_ID) =>
      new SignJWT(claimsOf(claims, projectId)).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey),
  };
}
