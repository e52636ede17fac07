/**
 * Bearer tokens as the demo backend sees them. The Auth emulator issues unsigned JWTs (alg "none"); the demo
 * checks issuer, audience and expiry like a real backend would (a real one also checks the signature).
 */
import type { TeamRole } from '@/contracts/team';

export interface Principal {
  /**
   * The account the caller acts on: the builder's uid (the `ownerUid` of its records). For a builder it is its
   * own uid; for a member of a builder's team, the builder's (`authenticate` resolves it).
   */
  uid: string;
  /** The person signed in (the token's subject). */
  memberUid: string;
  /** The person's role in the account (`authenticate` resolves it; the token alone says Administrador). */
  role: TeamRole;
  email: string;
  admin: boolean;
  name: string | undefined;
  /** The token's `email_verified` (issue 35: unverified accounts may not buy, invite or connect); absent: verified. */
  emailVerified?: boolean;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export type TokenCheck = { ok: true; principal: Principal } | { ok: false; reason: string };

export function verifyToken(token: string, projectId: string, nowSeconds = Date.now() / 1000): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return { ok: false, reason: 'malformed' };
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (payload.aud !== projectId) return { ok: false, reason: 'audience' };
  if (payload.iss !== `https://securetoken.google.com/${projectId}`) return { ok: false, reason: 'issuer' };
  if (typeof payload.exp !== 'number' || payload.exp < nowSeconds) return { ok: false, reason: 'expired' };
  const uid = typeof payload.user_id === 'string' ? payload.user_id : payload.sub;
  if (typeof uid !== 'string' || uid === '') return { ok: false, reason: 'subject' };
  return {
    ok: true,
    principal: {
      uid,
      memberUid: uid,
      role: 'administrador',
      email: typeof payload.email === 'string' ? payload.email : '',
      admin: payload.admin === true,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      emailVerified: payload.email_verified === true,
    },
  };
}

/** An emulator-shaped ID token, for tests. */
export function makeTestToken(
  claims: { uid: string; email: string; admin?: boolean; name?: string; expiresInSeconds?: number; emailVerified?: boolean },
  projectId = 'demo-ponte',
): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64UrlEncode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64UrlEncode(
    JSON.stringify({
      ...(claims.name ? { name: claims.name } : {}),
      ...(claims.admin ? { admin: true } : {}),
      email: claims.email,
      email_verified: claims.emailVerified ?? true,
      user_id: claims.uid,
      sub: claims.uid,
      iat: now,
      exp: now + (claims.expiresInSeconds ?? 3600),
      aud: projectId,
      iss: `https://securetoken.google.com/${projectId}`,
    }),
  );
  return `${header}.${payload}.`;
}
