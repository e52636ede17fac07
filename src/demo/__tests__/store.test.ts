import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DB_VERSION,
  DEMO_DATA_CORRUPT_NOTICE,
  DEMO_DATA_UPGRADED_NOTICE,
  indexedDbStorage,
  openDb,
  SAVE_DEBOUNCE_MS,
  type DemoData,
  type DemoStorage,
} from '../db';
import { buildSeed } from '../seed';

const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

/** An injected storage adapter: what was written, and what a read returns. */
function memoryStorage(initial?: unknown, options: { failRead?: boolean; failWrite?: boolean } = {}) {
  const state = { stored: initial, writes: 0 };
  const storage: DemoStorage = {
    read: () => (options.failRead ? Promise.reject(new Error('IndexedDB indisponível')) : Promise.resolve(state.stored)),
    write: (data: DemoData) => {
      if (options.failWrite) return Promise.reject(new Error('QuotaExceededError'));
      state.writes += 1;
      state.stored = structuredClone(data);
      return Promise.resolve();
    },
  };
  return { storage, state };
}

/** Changes the first customer's name, as a handler would. */
function rename(holder: { data: DemoData } | DemoData, name: string): void {
  const data = 'data' in holder ? holder.data : holder;
  const customer = data.customers[0];
  if (!customer) throw new Error('seed sem clientes');
  customer.name = name;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('openDb', () => {
  it('seeds an empty store without a notice and saves the seed', async () => {
    const { storage, state } = memoryStorage();
    const db = await openDb({ storage, seed: { now: NOW } });
    expect(db.notice).toBeNull();
    expect(db.data.version).toBe(DB_VERSION);
    expect(state.writes).toBe(1);
    expect((state.stored as DemoData).customers.length).toBe(db.data.customers.length);
  });

  it('keeps data of the current version as it was stored', async () => {
    const stored = buildSeed({ now: NOW });
    rename(stored, 'Alterado pelo usuário');
    const { storage, state } = memoryStorage(stored);
    const db = await openDb({ storage, seed: { now: NOW } });
    expect(db.notice).toBeNull();
    expect(db.data.customers[0]?.name).toBe('Alterado pelo usuário');
    expect(state.writes).toBe(0);
  });

  it('re-seeds an older version with a notice', async () => {
    const old = { ...buildSeed({ now: NOW }), version: 1 };
    old.customers = old.customers.slice(0, 6);
    const { storage, state } = memoryStorage(old);
    const db = await openDb({ storage, seed: { now: NOW } });
    expect(db.notice).toBe(DEMO_DATA_UPGRADED_NOTICE);
    expect(db.data.version).toBe(DB_VERSION);
    expect(db.data.customers.length).toBeGreaterThan(45);
    expect((state.stored as DemoData).version).toBe(DB_VERSION);
  });

  it.each([
    ['text', 'isto não é JSON'],
    ['an array', []],
    ['a current version with missing collections', { version: DB_VERSION, seed: 'standard', customers: [] }],
    ['a version that is not a number', { version: 'dois' }],
  ])('re-seeds a corrupt store (%s) with a notice, never throwing', async (_label, stored) => {
    const { storage } = memoryStorage(stored);
    const db = await openDb({ storage, seed: { now: NOW } });
    expect(db.notice).toBe(DEMO_DATA_CORRUPT_NOTICE);
    expect(db.data.version).toBe(DB_VERSION);
  });

  it('re-seeds when the store cannot be read', async () => {
    const { storage } = memoryStorage(undefined, { failRead: true });
    const db = await openDb({ storage, seed: { now: NOW } });
    expect(db.notice).toBe(DEMO_DATA_CORRUPT_NOTICE);
    expect(db.data.customers.length).toBeGreaterThan(45);
  });

  it('saves 300 ms after the last change, and at once on flush', async () => {
    vi.useFakeTimers();
    const { storage, state } = memoryStorage(buildSeed({ now: NOW }));
    const db = await openDb({ storage, seed: { now: NOW } });
    rename(db, 'Um');
    db.save();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 50);
    rename(db, 'Dois');
    db.save();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 50);
    expect(state.writes).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(state.writes).toBe(1);
    expect((state.stored as DemoData).customers[0]?.name).toBe('Dois');

    rename(db, 'Três');
    db.save();
    await db.flush();
    expect(state.writes).toBe(2);
    expect((state.stored as DemoData).customers[0]?.name).toBe('Três');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 2);
    expect(state.writes).toBe(2);
  });

  it('settles: a pending change is written now, and nothing is written when nothing is pending', async () => {
    const { storage, state } = memoryStorage(buildSeed({ now: NOW }));
    const db = await openDb({ storage, seed: { now: NOW } });
    await db.settle();
    expect(state.writes).toBe(0);
    rename(db, 'Quatro');
    db.save();
    await db.settle();
    expect(state.writes).toBe(1);
    expect((state.stored as DemoData).customers[0]?.name).toBe('Quatro');
    await db.settle();
    expect(state.writes).toBe(1);
  });

  it('keeps working in memory when writes fail', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { storage } = memoryStorage(undefined, { failWrite: true });
    const db = await openDb({ storage, seed: { now: NOW } });
    rename(db, 'Ainda aqui');
    await db.flush();
    expect(db.data.customers[0]?.name).toBe('Ainda aqui');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('indexedDbStorage (fake IndexedDB)', () => {
  it('survives a reload: the next open reads what the last one wrote', async () => {
    const storage = await indexedDbStorage();
    const first = await openDb({ storage, seed: { now: NOW } });
    rename(first, 'Guardado no IndexedDB');
    first.save();
    await first.flush();
    const second = await openDb({ storage: await indexedDbStorage(), seed: { now: NOW } });
    expect(second.notice).toBeNull();
    expect(second.data.customers[0]?.name).toBe('Guardado no IndexedDB');
  });

  it('keeps the large seed (10 000 machines and gateways with history)', async () => {
    const storage = await indexedDbStorage();
    await storage.write(buildSeed({ now: NOW, extraMachines: 10_000 }));
    const db = await openDb({ storage, seed: { now: NOW } });
    expect(db.data.seed).toBe('large');
    expect(db.data.machines.length).toBeGreaterThanOrEqual(10_060);
    expect(db.data.devices.length).toBeGreaterThanOrEqual(10_070);
    expect(db.data.deviceConnections.length).toBeGreaterThan(10_000);
  });
});

describe('demo notice channel (the badge shows it once)', () => {
  it('delivers a notice published before or after subscribing, once', async () => {
    const { publishDemoNotice, subscribeDemoNotice } = await import('../notice');
    const seen: string[] = [];
    publishDemoNotice(DEMO_DATA_UPGRADED_NOTICE);
    const unsubscribe = subscribeDemoNotice((message) => seen.push(message));
    expect(seen).toEqual([DEMO_DATA_UPGRADED_NOTICE]);
    unsubscribe();
    const again: string[] = [];
    subscribeDemoNotice((message) => again.push(message))();
    expect(again).toEqual([]);
    const late: string[] = [];
    const stop = subscribeDemoNotice((message) => late.push(message));
    publishDemoNotice(DEMO_DATA_CORRUPT_NOTICE);
    stop();
    expect(late).toEqual([DEMO_DATA_CORRUPT_NOTICE]);
  });
});
