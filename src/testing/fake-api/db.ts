/**
 * The unit tests' in-memory database (src/testing/msw-server.ts): the demo seed (src/seed) rebuilt for every test.
 * The demo's real backend is the Workers on D1 (src/server), which load the same seed.
 */
import { buildSeed, type SeedOptions } from '@/seed';
import type { DemoData } from '@/seed/data';

export type * from '@/seed/data';

export interface DemoDb {
  readonly data: DemoData;
  /**
   * The handlers' persistence points (a change recorded; wait for it to be stored), from when these handlers also
   * ran in the browser with a stored copy: in memory there is nothing to store, so they do nothing.
   */
  save(): void;
  flush(): Promise<void>;
  settle(): Promise<void>;
  /** Back to the seed. */
  reset(options?: SeedOptions): void;
  nextId(kind: string): string;
}

function makeDb(initial: DemoData, seedOptions: SeedOptions | undefined): DemoDb {
  let data = initial;
  return {
    get data() {
      return data;
    },
    save: () => undefined,
    flush: () => Promise.resolve(),
    settle: () => Promise.resolve(),
    reset(options) {
      data = buildSeed(options ?? seedOptions);
    },
    nextId(kind) {
      const next = (data.sequences[kind] ?? 1000) + 1;
      data.sequences[kind] = next;
      return `${kind}-${next}`;
    },
  };
}

/** The in-memory database of the tests. */
export function createDb(options: { seed?: SeedOptions } = {}): DemoDb {
  return makeDb(buildSeed(options.seed), options.seed);
}
