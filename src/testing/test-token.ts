/**
 * ID tokens shaped as the Firebase Auth emulator issues them (unsigned, `alg: none`), which the Workers accept in the
 * tests (a `demo-*` project with the emulator on loopback, src/server/shared/token.ts).
 */

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An emulator-shaped ID token, for tests. */
export function makeTestToken(
  claims: {
    uid: string;
    email: string;
    admin?: boolean;
    name?: string;
    expiresInSeconds?: number;
    emailVerified?: boolean;
    /** When the person signed in (seconds; the server asks for a recent one before deleting an account). */
    authTime?: number;
  },
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
      auth_time: claims.authTime ?? now,
      exp: now + (claims.expiresInSeconds ?? 3600),
      aud: projectId,
      iss: `https://securetoken.google.com/${projectId}`,
    }),
  );
  return `${header}.${payload}.`;
}
