/**
 * The embedded demo backend in the browser (Mock Service Worker). Loaded only when the demo is on; a build
 * with real API URLs never requests this chunk.
 */
import { setupWorker } from 'msw/browser';
import type { Env } from '@/config/env';
import { createDb, type DemoDb } from './db';
import { createHandlers } from './handlers';
import { storageFaults, type FaultSource } from './handlers/faults';

export interface DemoBackend {
  db: DemoDb;
  faults: FaultSource;
  reset(): void;
}

let started: Promise<DemoBackend> | null = null;

function seedOptions() {
  const large = new URLSearchParams(window.location.search).get('demo-seed') === 'large';
  return large ? { extraMachines: 10_000 } : {};
}

export function startDemoBackend(env: Env): Promise<DemoBackend> {
  started ??= (async () => {
    const db = createDb({ storage: window.localStorage, seed: seedOptions() });
    if (new URLSearchParams(window.location.search).has('demo-seed')) db.reset(seedOptions());
    const faults = storageFaults(window.localStorage);
    const worker = setupWorker(
      ...createHandlers({
        db,
        faults,
        apiUrl: env.apiUrl,
        vpnApiUrl: env.vpnApiUrl,
        projectId: env.firebase.projectId,
        latencyMs: 120,
      }),
    );
    await worker.start({
      onUnhandledRequest: 'bypass',
      quiet: true,
      serviceWorker: { url: '/mockServiceWorker.js' },
    });
    const backend: DemoBackend = {
      db,
      faults,
      reset() {
        db.reset(seedOptions());
        faults.set(null);
      },
    };
    (window as unknown as { __ponteDemo?: DemoBackend }).__ponteDemo = backend;
    return backend;
  })();
  return started;
}
