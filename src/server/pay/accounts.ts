/**
 * The demo platform's merchant accounts: each public key (what the page tokenises cards with) and its secret key
 * (what the merchant's server must send, `Authorization: Bearer <secret>`, to charge or look up a charge). A real
 * platform knows its merchants; this one is told them by `PLATFORM_KEYS` (`pk=sk,pk=sk`) or, in demo mode without
 * it, knows the demo seed's platforms (src/seed/payment-platforms/seed.ts; main/routes/orders/card-charges.test.ts
 * keeps the two in step). Outside demo mode and without `PLATFORM_KEYS` it knows no one: every charge is refused.
 */
export interface PayEnv {
  DEMO?: string;
  ALLOWED_ORIGINS?: string;
  PLATFORM_KEYS?: string;
}

/** The demo seed's platforms: public key → secret key. */
export const DEMO_ACCOUNTS: Readonly<Record<string, string>> = {
  pk_live_7f3a9c21: 'sk_live_demo_4b8e2d91c0a7',
  pk_test_51c0e88d: 'sk_test_demo_9d2f6a13e5b8',
  'APP_USR-pk-3e1b7c55': 'APP_USR-sk-demo-a61f0b3d72e4',
};

/** The accounts this Worker knows (see the module's comment). */
export function accountsOf(env: PayEnv): Map<string, string> {
  const listed = (env.PLATFORM_KEYS ?? '').trim();
  if (listed === '') return new Map(env.DEMO === 'true' ? Object.entries(DEMO_ACCOUNTS) : []);
  const pairs = listed.split(',').map((pair) => {
    const at = pair.indexOf('=');
    return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const;
  });
  return new Map(pairs.filter(([publicKey, secret]) => publicKey !== '' && secret !== ''));
}

/** The request's secret key (`Authorization: Bearer …`), or '' without one. */
export function bearerOf(request: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization')?.trim() ?? '');
  return match?.[1] ?? '';
}

/** Constant-time comparison of two secrets (a timing difference would tell how much of a guess was right). */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

/** Whether `secret` is the secret key of the account of `publicKey`. */
export function ownsKey(env: PayEnv, publicKey: string, secret: string): boolean {
  const expected = accountsOf(env).get(publicKey);
  return expected !== undefined && secret !== '' && sameSecret(secret, expected);
}

/** Whether `secret` is any known account's (a look-up of a charge needs a merchant, then only its own charges). */
export function knownSecret(env: PayEnv, secret: string): boolean {
  if (secret === '') return false;
  return [...accountsOf(env).values()].some((expected) => sameSecret(secret, expected));
}
