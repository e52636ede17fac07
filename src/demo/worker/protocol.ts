/**
 * What the page's demo client (src/demo/browser.ts) and the demo backend's service worker (./service-worker.ts)
 * say to each other, besides the API requests themselves: each message goes with a MessagePort for its reply.
 */
import type { DemoCollection, SeedKind } from '../db';

/** The service worker's URL; its query carries the backend's configuration (see `workerUrl`). */
export const DEMO_WORKER_PATH = '/demo-sw.js';

export interface WorkerConfig {
  apiUrl: string;
  vpnApiUrl: string;
  projectId: string;
  /** Simulated network latency of every API answer, in ms. */
  latencyMs: number;
}

export function workerUrl(config: WorkerConfig): string {
  const query = new URLSearchParams({
    api: config.apiUrl,
    vpn: config.vpnApiUrl,
    project: config.projectId,
    latency: String(config.latencyMs),
  });
  return `${DEMO_WORKER_PATH}?${query.toString()}`;
}

export function configFromUrl(url: string): WorkerConfig {
  const params = new URL(url).searchParams;
  return {
    apiUrl: params.get('api') ?? '',
    vpnApiUrl: params.get('vpn') ?? '',
    projectId: params.get('project') || 'demo-ponte',
    latencyMs: Math.max(0, Number(params.get('latency')) || 0),
  };
}

/** A collection of records the page may read or add to (e2e tests do, through `__ponteDemo`). */
export type CollectionName = DemoCollection;

export type WorkerRequest =
  /** The page is up: the data switched to `seed` when one is asked for (`?demo-seed=large`). */
  | { type: 'start'; seed: SeedKind | null }
  /** Back to the seed (`seed`, or the one the data started from), stored before the reply. */
  | { type: 'reset'; seed: SeedKind | null }
  /** Stores a pending change now. */
  | { type: 'flush' }
  /** Which seed, and how many machines and devices (npm run bench). */
  | { type: 'info' }
  /** One collection's records, as stored (e2e tests check what the backend keeps). */
  | { type: 'read'; collection: CollectionName }
  /**
   * Adds a record as if the backend had made it (e2e tests: something happening on the server, such as a
   * notification); `idKind` gives it the next readable id of that kind.
   */
  | { type: 'insert'; collection: CollectionName; record: Record<string, unknown>; idKind: string | null }
  /** Keeps the worker (and the data it holds) alive while a page is open. */
  | { type: 'ping' }
  /** Takes control of pages it does not control yet (a page loaded with a hard reload). */
  | { type: 'claim' };

export interface StartReply {
  /** One pt-BR line when the stored data was recreated (delivered once). */
  notice: string | null;
}

export interface InfoReply {
  seed: SeedKind;
  machines: number;
  devices: number;
}

export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: string };
