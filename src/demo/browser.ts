/**
 * The embedded demo backend in the browser (Mock Service Worker). Loaded only when the demo is on; a build
 * with real API URLs never requests this chunk. The data is loaded from IndexedDB before the worker starts and
 * saved there after changes (debounced) and when the page is hidden or left.
 */
import { setupWorker } from 'msw/browser';
import type { Env } from '@/config/env';
import { indexedDbStorage, openDb, type DemoDb, type DemoStorage, type SeedKind } from './db';
import { storageFaults, type FaultSource } from './faults';
import { createHandlers } from './handlers';
import { publishDemoNotice } from './notice';
import type { SeedOptions } from './seed';

export interface DemoBackend {
  db: DemoDb;
  faults: FaultSource;
  /** Back to the seed (the large one if `?demo-seed=large` or the data was large), saved before it resolves. */
  reset(): Promise<void>;
  /** One pt-BR line when the stored data was recreated on this load (also shown once by the demo badge). */
  readonly notice: string | null;
}

let started: Promise<DemoBackend> | null = null;

/** `?demo-seed=large`: 10 000 more machines and gateways with history; any other value: the standard seed. */
function requestedSeed(): SeedKind | null {
  const value = new URLSearchParams(window.location.search).get('demo-seed');
  if (value === null) return null;
  return value === 'large' ? 'large' : 'standard';
}

function seedOptions(kind: SeedKind): SeedOptions {
  return kind === 'large' ? { extraMachines: 10_000 } : {};
}

/** Without IndexedDB (blocked by the browser) the demo still works, in memory for this page only. */
const volatileStorage: DemoStorage = { read: () => Promise.resolve(undefined), write: () => Promise.resolve() };

function localStorageOrNull(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function startDemoBackend(env: Env): Promise<DemoBackend> {
  started ??= (async () => {
    const requested = requestedSeed();
    const storage = await indexedDbStorage().catch(() => volatileStorage);
    const local = localStorageOrNull();
    const db = await openDb({ storage, seed: seedOptions(requested ?? 'standard'), legacy: local, revisions: local });
    if (requested && db.data.seed !== requested) db.reset(seedOptions(requested));
    const flush = () => void db.flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });

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
      notice: db.notice,
      async reset() {
        db.reset(seedOptions(requestedSeed() ?? db.data.seed));
        faults.set(null);
        await db.flush();
      },
    };
    if (db.notice) publishDemoNotice(db.notice);
    (window as unknown as { __ponteDemo?: DemoBackend }).__ponteDemo = backend;
    return backend;
  })();
  return started;
}
