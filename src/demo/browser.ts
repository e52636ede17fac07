/**
 * The page's side of the embedded demo. The backend itself is a service worker (src/demo/worker/service-worker.ts,
 * served as /demo-sw.js by demo builds): it answers the requests to the demo API bases off the page's main thread
 * and keeps the data in IndexedDB. This client registers it, waits until it controls the page, tells it which seed
 * the URL asks for, marks the requests an injected fault should fail (the fault is set in this page's
 * localStorage, which the worker cannot read) and keeps it awake while the page is open. Loaded only when the
 * demo is on; a build with real API URLs never requests this chunk.
 */
import type { Env } from '@/config/env';
import type { SeedKind } from './db';
import { FAULT_HEADER, storageFaults, takeFault, type FaultSource } from './fault-rules';
import { publishDemoNotice } from './notice';
import {
  workerUrl,
  type CollectionName,
  type InfoReply,
  type StartReply,
  type WorkerReply,
  type WorkerRequest,
} from './worker/protocol';

export interface DemoBackend {
  /** Back to the seed (the large one if `?demo-seed=large` or the data was large), stored before it resolves. */
  reset(): Promise<void>;
  /** Stores a pending change now. */
  flush(): Promise<void>;
  /** Which seed the data started from, and how many machines and devices it has. */
  info(): Promise<InfoReply>;
  /** One collection's records as the backend keeps them (for tests and for looking by hand in the console). */
  read(collection: CollectionName): Promise<unknown>;
  /** Adds a record as if the backend had made it (see the worker's `insert`); resolves with it once stored. */
  insert(collection: CollectionName, record: Record<string, unknown>, idKind?: string): Promise<unknown>;
  /** The injected fault (this page's localStorage `ponte-demo-fault`). */
  faults: FaultSource;
  /** One pt-BR line when the stored data was recreated (also shown once by the demo badge). */
  readonly notice: string | null;
}

/** The simulated network latency of every demo API answer (npm run bench reads it here). */
const DEMO_LATENCY_MS = 120;
/** How long the page waits for the worker before giving up (a first install on a slow phone included). */
const WORKER_TIMEOUT_MS = 20_000;
/** A message every 20 s keeps the worker (and the data it holds in memory) from being stopped while idle. */
const KEEPALIVE_MS = 20_000;

/**
 * What older versions of the demo kept in the page's localStorage (the version 1 copy of the data, and the
 * revision tabs compared when each tab held a copy of its own): deleted.
 */
const LEGACY_STORAGE_KEYS = ['ponte-demo-db', 'ponte-demo-revision'];

let started: Promise<DemoBackend> | null = null;

/** `?demo-seed=large`: 10 000 more machines and gateways with history; any other value: the standard seed. */
function requestedSeed(): SeedKind | null {
  const value = new URLSearchParams(window.location.search).get('demo-seed');
  if (value === null) return null;
  return value === 'large' ? 'large' : 'standard';
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`${what}: sem resposta em ${WORKER_TIMEOUT_MS} ms`)), WORKER_TIMEOUT_MS);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The demo worker controlling this page, once it does (a first visit: after it installs and claims the page). */
async function controllingWorker(registration: ServiceWorkerRegistration, scriptUrl: string): Promise<ServiceWorker> {
  const container = navigator.serviceWorker;
  const isOurs = (worker: ServiceWorker | null): worker is ServiceWorker => worker?.scriptURL === scriptUrl;
  if (isOurs(container.controller)) return container.controller;
  return withTimeout(
    new Promise<ServiceWorker>((resolve) => {
      const check = () => {
        if (isOurs(container.controller)) {
          container.removeEventListener('controllerchange', check);
          resolve(container.controller);
        }
      };
      container.addEventListener('controllerchange', check);
      // Already active but not controlling this page (a hard reload skips the worker): ask it to claim the page.
      void container.ready.then((ready) => {
        const active = ready.active ?? registration.active;
        if (isOurs(active)) active.postMessage({ type: 'claim' } satisfies WorkerRequest, []);
        check();
      });
    }),
    'o serviço de demonstração não assumiu a página',
  );
}

function send<T>(worker: ServiceWorker, message: WorkerRequest): Promise<T> {
  return withTimeout(
    new Promise<T>((resolve, reject) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => {
        channel.port1.close();
        if (event.data.ok) resolve(event.data.value as T);
        else reject(new Error(event.data.error));
      };
      worker.postMessage(message, [channel.port2]);
    }),
    `demonstração (${message.type})`,
  );
}

/**
 * Requests the injected fault matches leave with FAULT_HEADER (the worker fails them). Only the demo's API
 * requests are looked at, and a request gets a copy only when a fault takes it.
 */
function markFaultyRequests(faults: FaultSource, bases: readonly string[]): void {
  const original = window.fetch;
  window.fetch = function demoFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!bases.some((base) => url.startsWith(`${base}/`))) return original.call(window, input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const mode = takeFault(faults, method, new URL(url, window.location.href).href);
    if (!mode) return original.call(window, input, init);
    const request = new Request(input, init);
    request.headers.set(FAULT_HEADER, mode);
    return original.call(window, request);
  };
}

export function startDemoBackend(env: Env): Promise<DemoBackend> {
  started ??= (async () => {
    if (!('serviceWorker' in navigator)) {
      throw new Error('Este navegador não permite service workers: a demonstração não pode rodar aqui.');
    }
    const url = workerUrl({
      apiUrl: env.apiUrl,
      vpnApiUrl: env.vpnApiUrl,
      projectId: env.firebase.projectId,
      latencyMs: DEMO_LATENCY_MS,
    });
    const registration = await navigator.serviceWorker.register(url, { scope: '/' });
    let worker = await controllingWorker(registration, new URL(url, window.location.href).href);
    // A newer build's worker takes over from the one this page started with.
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (navigator.serviceWorker.controller) worker = navigator.serviceWorker.controller;
    });
    const call = <T>(message: WorkerRequest) => send<T>(worker, message);

    const reply = await call<StartReply>({ type: 'start', seed: requestedSeed() });
    const storage = localStorageOrNull();
    for (const key of LEGACY_STORAGE_KEYS) storage?.removeItem(key);
    const faults = storage ? storageFaults(storage) : { get: () => null, set: () => undefined };
    markFaultyRequests(faults, [env.apiUrl, env.vpnApiUrl]);
    window.setInterval(() => void call({ type: 'ping' }).catch(() => undefined), KEEPALIVE_MS);

    const backend: DemoBackend = {
      faults,
      notice: reply.notice,
      reset: async () => {
        faults.set(null);
        await call({ type: 'reset', seed: requestedSeed() });
      },
      flush: () => call({ type: 'flush' }),
      info: () => call<InfoReply>({ type: 'info' }),
      read: (collection) => call({ type: 'read', collection }),
      insert: (collection, record, idKind) => call({ type: 'insert', collection, record, idKind: idKind ?? null }),
    };
    if (reply.notice) publishDemoNotice(reply.notice);
    (window as unknown as { __ponteDemo?: DemoBackend }).__ponteDemo = backend;
    return backend;
  })();
  return started;
}
