/**
 * Sign-up that cannot be abused (issue 35): until the person's e-mail is verified (the ID token's `email_verified`
 * claim; Firebase sets it for Google sign-ins and once the verification link is opened), the account may look
 * around but not buy, invite or connect. One middleware, registered on the app before the routes, refuses those
 * requests with 403 and the reason; the portal shows "Confirme seu e-mail" with "Reenviar" meanwhile.
 *
 * It runs before the route's own guard, so it authenticates the caller itself (`authenticate`: the same 401 and
 * the same 403 for a deleted account as the guard); every other request passes untouched.
 */
import type { MiddlewareHandler } from 'hono';
import { authenticate } from './access';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';
import type { Principal } from './principal';

export const EMAIL_UNVERIFIED_CODE = 'email-unverified';
export const EMAIL_UNVERIFIED_MESSAGE = 'Confirme seu e-mail para continuar.';

/** What an unverified account may not do: the method and the path (the API's, without a prefix). */
export const VERIFIED_ONLY: readonly { method: string; path: RegExp; what: string }[] = [
  { method: 'POST', path: /^\/order\/?$/, what: 'buy' },
  { method: 'POST', path: /^\/team\/invitation\/?$/, what: 'invite' },
  { method: 'POST', path: /^\/team\/invitation\/[^/]+\/resend\/?$/, what: 'invite' },
  { method: 'POST', path: /^\/machine\/[^/]+\/remote-access\/?$/, what: 'connect' },
  { method: 'POST', path: /^\/remote-access\/session\/[^/]+\/profile\/?$/, what: 'connect' },
];

export const emailUnverified = () => new ApiError(403, EMAIL_UNVERIFIED_CODE, EMAIL_UNVERIFIED_MESSAGE);

/** Throws the 403 unless the person's e-mail is verified. */
export function requireVerifiedEmail(principal: Pick<Principal, 'emailVerified'>): void {
  if (!principal.emailVerified) throw emailUnverified();
}

export function needsVerifiedEmail(method: string, path: string): boolean {
  return VERIFIED_ONLY.some((rule) => rule.method === method && rule.path.test(path));
}

/** The middleware: `app.use('*', verifiedEmailGuard)` before the routes are registered. */
export const verifiedEmailGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (needsVerifiedEmail(c.req.method, c.req.path)) {
    requireVerifiedEmail(await authenticate(c.req.raw, c.env, c.var.db));
  }
  await next();
};
