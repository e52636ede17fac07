import type { ChildProcess } from 'node:child_process';

export declare const DEV_VARS: Record<string, string>;
export declare function applyMigrations(persistTo: string): void;
export declare function startWorker(
  name: 'main' | 'vpn',
  options: { port: number; persistTo: string; vars?: Record<string, string>; stdio?: 'ignore' | 'inherit' | 'pipe'; lean?: boolean },
): Promise<ChildProcess>;
export declare function waitFor(url: string, seconds: number, child?: ChildProcess): Promise<void>;
/** An Auth-emulator-shaped (unsigned) ID token: accepted only by Workers in emulator mode, for a demo-* project. */
export declare function emulatorToken(uid: string, email?: string, claims?: Record<string, unknown>): string;
/** `POST /demo/reset` on the main Worker at `api` (`'large'`: the large seed); resolves once done. */
export declare function resetDemoData(api: string, seed?: 'default' | 'large'): Promise<void>;
/** Both Workers in demo mode on a throwaway local D1, seeded; `stop()` ends them and deletes the folder. */
export declare function startDemoBackend(options: {
  apiPort: number;
  vpnPort: number;
  appPorts: number[];
  seed?: 'default' | 'large';
}): Promise<{ api: string; vpnApi: string; persistTo: string; children: ChildProcess[]; stop(): Promise<void> }>;
