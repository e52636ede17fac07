export const EMULATOR_HOST: string;
export const PROJECT_ID: string;
export function emulatorIsUp(): Promise<boolean>;
export function seedAccounts(): Promise<string[]>;
/** Marks an emulator account's e-mail verified (as its verification link would); resolves its uid. */
export function verifyEmulatorEmail(email: string): Promise<string>;
export function startAuthEmulator(options?: {
  log?: (message: string) => void;
  timeoutMs?: number;
}): Promise<import('node:child_process').ChildProcess | null>;
