/**
 * The embedded demo backend, as a service worker of its own (built to /demo-sw.js by
 * scripts/vite-demo-worker-plugin.ts, only for demo builds): it answers the page's requests to the two demo API
 * bases with the same handlers the unit tests run (src/demo/handlers.ts, through MSW's `getResponse`), off the
 * page's main thread — as a real backend would, nothing of it competes with the screen's rendering, even with the
 * large demo's 10 000 machines. Every other request (scripts, the Auth emulator, Google) is left to the browser.
 *
 * The data lives here, loaded from IndexedDB when the worker starts and stored there after changes (db.ts). One
 * worker serves every tab of the origin, so tabs never hold two copies. Its configuration (API bases, project,
 * latency) comes in its own URL (protocol.ts); the page's demo client talks to it through messages.
 */
import './globals';
import { getResponse, type RequestHandler } from 'msw';
import { createDb, indexedDbStorage, openDb, type DemoDb, type DemoStorage, type SeedKind } from '../db';
import { headerFaults } from '../fault-rules';
import { createHandlers, warmSearchIndexes } from '../handlers';
import type { SeedOptions } from '../seed';
import { configFromUrl, type InfoReply, type StartReply, type WorkerReply, type WorkerRequest } from './protocol';

/*
 * The few service-worker types used here. The project compiles against the DOM library; TypeScript's WebWorker
 * library cannot be added to the same program (the two declare the same globals differently).
 */
interface WaitingEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WaitingEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerMessageEvent extends WaitingEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface DemoWorkerScope {
  readonly location: { readonly href: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WaitingEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

const self = globalThis as unknown as DemoWorkerScope;

const config = configFromUrl(self.location.href);

interface Backend {
  db: DemoDb;
  handlers: RequestHandler[];
}

function seedOptions(kind: SeedKind): SeedOptions {
  return kind === 'large' ? { extraMachines: 10_000 } : {};
}

/** Without IndexedDB (blocked by the browser) the demo still works, in memory while the worker lives. */
const volatileStorage: DemoStorage = { read: () => Promise.resolve(undefined), write: () => Promise.resolve() };

let backend: Promise<Backend> | null = null;
let noticeDelivered = false;

function open(): Promise<Backend> {
  backend ??= (async () => {
    const storage = await indexedDbStorage().catch(() => volatileStorage);
    const db = await openDb({ storage }).catch(() => createDb());
    const handlers = createHandlers({ db, faults: headerFaults(), ...config });
    scheduleWarmSearch(db);
    return { db, handlers };
  })();
  return backend;
}

/** The search texts of the largest collections folded ahead of the first search (handlers.ts). */
function scheduleWarmSearch(db: DemoDb): void {
  setTimeout(() => warmSearchIndexes(db), 0);
}

function isApiRequest(url: string): boolean {
  return (
    (config.apiUrl !== '' && url.startsWith(`${config.apiUrl}/`)) ||
    (config.vpnApiUrl !== '' && url.startsWith(`${config.vpnApiUrl}/`))
  );
}

async function answer(request: Request): Promise<Response> {
  const { handlers } = await open();
  try {
    const response = await getResponse(handlers, request);
    if (response) return response;
  } catch (error) {
    // A handler's bug: a 500 with the backend's error shape, as a real server would answer, and the trace here.
    console.error('[demo] erro no backend de demonstração', error);
    return Response.json(
      { error: { code: 'internal', message: 'Erro interno no servidor. Tente novamente em instantes.' } },
      { status: 500 },
    );
  }
  // Every request to the bases reaches a route (an unknown one answers 404 itself); this is a fallback.
  return Response.json({ error: { code: 'route-not-found', message: 'Rota inexistente.' } }, { status: 404 });
}

async function handle(message: WorkerRequest): Promise<unknown> {
  switch (message.type) {
    case 'start': {
      const { db } = await open();
      if (message.seed && db.data.seed !== message.seed) {
        db.reset(seedOptions(message.seed));
        await db.flush();
        scheduleWarmSearch(db);
      }
      const notice = noticeDelivered ? null : db.notice;
      noticeDelivered = true;
      return { notice } satisfies StartReply;
    }
    case 'reset': {
      const { db } = await open();
      db.reset(seedOptions(message.seed ?? db.data.seed));
      await db.flush();
      scheduleWarmSearch(db);
      return null;
    }
    case 'flush': {
      const { db } = await open();
      await db.flush();
      return null;
    }
    case 'info': {
      const { db } = await open();
      return { seed: db.data.seed, machines: db.data.machines.length, devices: db.data.devices.length } satisfies InfoReply;
    }
    case 'read': {
      const { db } = await open();
      return db.data[message.collection];
    }
    case 'insert': {
      const { db } = await open();
      const records = db.data[message.collection];
      if (!Array.isArray(records)) throw new Error(`${message.collection} não é uma coleção`);
      const record = message.idKind ? { id: db.nextId(message.idKind), ...message.record } : message.record;
      (records as unknown[]).push(record);
      db.save();
      await db.settle();
      return record;
    }
    case 'claim':
      await self.clients.claim();
      return null;
    case 'ping':
      return null;
    default:
      throw new Error('mensagem desconhecida');
  }
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  if (!isApiRequest(event.request.url)) return;
  event.respondWith(answer(event.request));
});

self.addEventListener('message', (event) => {
  const port = event.ports[0];
  const reply = (value: WorkerReply) => port?.postMessage(value);
  event.waitUntil(
    handle(event.data as WorkerRequest).then(
      (value) => reply({ ok: true, value }),
      (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});
