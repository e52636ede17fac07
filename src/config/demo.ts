import accounts from './demo-accounts.json';

/** The demo's seeded sign-in accounts (also read by scripts/lib/auth-emulator.mjs, which seeds the Auth emulator). */
export const DEMO_ACCOUNTS = accounts.accounts.map(({ email, password, displayName, admin }) => ({
  email,
  password,
  name: displayName,
  admin,
}));
