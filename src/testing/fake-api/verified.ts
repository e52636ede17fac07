/**
 * The fake's copy of src/server/shared/verified.ts (issue 35): an account whose e-mail is not verified (the
 * token's `email_verified`) may look around but not buy, invite or connect — 403 with the reason.
 */
export const EMAIL_UNVERIFIED_CODE = 'email-unverified';
export const EMAIL_UNVERIFIED_MESSAGE = 'Confirme seu e-mail para continuar.';

const VERIFIED_ONLY: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /\/order\/?$/ },
  { method: 'POST', path: /\/team\/invitation\/?$/ },
  { method: 'POST', path: /\/team\/invitation\/[^/]+\/resend\/?$/ },
  { method: 'POST', path: /\/machine\/[^/]+\/remote-access\/?$/ },
  { method: 'POST', path: /\/remote-access\/session\/[^/]+\/profile\/?$/ },
];

export function needsVerifiedEmail(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return VERIFIED_ONLY.some((rule) => rule.method === request.method && rule.path.test(path));
}
