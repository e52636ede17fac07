import { seedAccounts } from '../../scripts/lib/auth-emulator.mjs';

/** The demo accounts exist in the emulator before any test (idempotent when one was already running). */
export default async function globalSetup(): Promise<void> {
  await seedAccounts();
}
