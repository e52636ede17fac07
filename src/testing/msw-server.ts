/**
 * The unit tests' API (src/testing/fake-api's handlers on MSW's node server): an in-memory database rebuilt per
 * test, no IndexedDB.
 */
import { setupServer } from 'msw/node';
import { createDb, type DemoDb } from '@/testing/fake-api/db';
import { memoryFaults } from '@/testing/fake-api/fault-rules';
import { createHandlers } from '@/testing/fake-api/handlers';

export const TEST_API_URL = 'http://localhost:8787';
export const TEST_VPN_API_URL = 'http://localhost:8788';
export const TEST_NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

let currentDb: DemoDb = createDb({ seed: { now: TEST_NOW } });
export const testFaults = memoryFaults();

/** The current test's database. */
export function testDb(): DemoDb {
  return currentDb;
}

const dbProxy: DemoDb = {
  get data() {
    return currentDb.data;
  },
  save: () => currentDb.save(),
  flush: () => currentDb.flush(),
  settle: () => currentDb.settle(),
  reset: (options) => currentDb.reset(options),
  nextId: (kind) => currentDb.nextId(kind),
};

export const server = setupServer(
  ...createHandlers({ db: dbProxy, faults: testFaults, apiUrl: TEST_API_URL, vpnApiUrl: TEST_VPN_API_URL }),
);

/** Fresh seed and no faults: called before every test. */
export function resetTestBackend(): void {
  currentDb = createDb({ seed: { now: TEST_NOW } });
  testFaults.set(null);
}
