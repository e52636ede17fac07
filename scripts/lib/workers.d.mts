import type { ChildProcess } from 'node:child_process';

export declare const DEV_VARS: Record<string, string>;
export declare function applyMigrations(persistTo: string): void;
export declare function startWorker(
  name: 'main' | 'vpn',
  options: { port: number; persistTo: string; vars?: Record<string, string>; stdio?: 'ignore' | 'inherit' | 'pipe' },
): Promise<ChildProcess>;
export declare function waitFor(url: string, seconds: number, child?: ChildProcess): Promise<void>;
/** An Auth-emulator-shaped (unsigned) ID token: accepted only by Workers in emulator mode, for a demo-* project. */
export declare function emulatorToken(uid: string, email?: string, claims?: Record<string, unknown>): string;
