/** What every resource's seed shares: the seeded accounts, time units, a deterministic PRNG and CNPJs. */
import accounts from '@/config/demo-accounts.json';
import { cnpjCheckDigits } from '@/contracts/validators/cnpj';

const [customerAccount, adminAccount] = accounts.accounts;
/** The builder of the customer demo account (Maria). */
export const DEMO_CUSTOMER_UID = customerAccount?.localId ?? 'demo-cliente-maria';
export const DEMO_CUSTOMER_EMAIL = customerAccount?.email ?? 'cliente@example.com';
export const DEMO_ADMIN_UID = adminAccount?.localId ?? 'demo-admin-rafael';
export const DEMO_ADMIN_EMAIL = adminAccount?.email ?? 'admin@example.com';
/** A second builder whose records the demo customer must never see. */
export const OTHER_ASSEMBLER_UID = 'demo-montadora-serra';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Small deterministic PRNG (mulberry32): the same seed gives the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid CNPJ (14 characters, no mask) from its 12-character base, numeric or alphanumeric. */
export function cnpjFromBase(base: string): string {
  const normalized = base.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return `${normalized}${cnpjCheckDigits(normalized)}`;
}
