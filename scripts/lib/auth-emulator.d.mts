export const EMULATOR_HOST: string;
export const PROJECT_ID: string;
export function emulatorIsUp(): Promise<boolean>;
export function seedAccounts(): Promise<string[]>;
export function startAuthEmulator(options?: {
  log?: (message: string) => void;
  timeoutMs?: number;
}): Promise<import('node:child_process').ChildProcess | null>;
