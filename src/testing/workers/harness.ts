/**
 * The Worker the browser's unit tests talk to (issue 36): the main, VPN and payment Workers' own handlers, run by
 * Miniflare in one workerd process (src/testing/workers/global-setup.ts), each test worker of Vitest on a D1
 * database of its own ("slot", `x-harness-slot`). `x-harness-target` says which Worker a request is for (MSW
 * forwards the three origins here, src/testing/workers/backend.ts).
 *
 * What differs from a deployment is only what a test needs to control:
 * - each slot's database is seeded once by the demo's own reset (`resetDemo`, at the tests' fixed time), then copied
 *   aside; `POST /__harness/restore` puts that copy back in one batch (before every test);
 * - the Rate Limiting bindings are counters of this process, emptied with the restore (one test's calls never
 *   count against the next's);
 * - the payment platform keeps one ledger per slot, emptied with the restore, and the main Worker's calls to
 *   `PAY_URL` reach it in-process;
 * - `POST /__harness/sql` runs one statement on the slot's database (what a test reads or arranges directly).
 */
import main from '@/server/main/index';
import vpn from '@/server/vpn/index';
import { payApp } from '@/server/pay/index';
import { Ledger } from '@/contracts/payments/demo-ledger';
import { resetDemo } from '@/server/demo/reset';
import type { Env } from '@/server/shared/env';
import { answerAuthEmulator } from './auth-emulator-double';

interface Migration {
  name: string;
  queries: string[];
}

interface HarnessEnv {
  /** JSON: the migrations, as read by readD1Migrations. */
  MIGRATIONS: string;
  /** JSON: binding name → requests allowed per period (main/wrangler.jsonc's `ratelimits`). */
  RATE_LIMITS: string;
  /** The tests' fixed time (ms), the seed's "now". */
  TEST_NOW: string;
  /** JSON: the variables both Workers receive (the tests' configuration). */
  VARS: string;
  [database: `DB_${number}`]: D1Database;
}

const SNAPSHOT_PREFIX = 'harness_snapshot__';
const KEPT_TABLE = /^(sqlite_|_cf_|d1_migrations$|harness_snapshot__)/;
const PAY_HOST = (slot: number) => `pay-${slot}.harness.test`;

interface Limits {
  [binding: string]: { limit: number; period: number };
}

/** A Rate Limiting binding's answer, counted in memory per key (fixed windows of `period` seconds). */
class MemoryRateLimit implements RateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limitPerPeriod: number,
    private readonly periodSeconds: number,
  ) {}
  async limit({ key }: RateLimitOptions): Promise<RateLimitOutcome> {
    const now = Date.now();
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.periodSeconds * 1000) {
      this.windows.set(key, { start: now, count: 1 });
      return { success: true };
    }
    current.count += 1;
    return { success: current.count <= this.limitPerPeriod };
  }
}

interface Slot {
  env: Env;
  /** False once the slot was put back: work a request left running (a `waitUntil` timer) can no longer write. */
  alive: boolean;
  /** Whether a request reached the slot's Workers since the last restore (a restore of a clean slot does nothing). */
  dirty: boolean;
  pay: ReturnType<typeof payApp>;
  ledger: Ledger;
  seeded: boolean;
}

const slots = new Map<number, Slot>();

/**
 * One of the main Worker's queues in process: a send runs the Worker's own queue handler at once (`ponte-mail`, in
 * demo mode: the e-mail is delivered to the demo mailbox, its row marked sent). A message the handler retries is
 * dropped (the row keeps its state).
 */
function inProcessQueue(queue: string, deliver: (batch: MessageBatch<unknown>) => Promise<void>) {
  const run = async (bodies: unknown[]) => {
    const messages = bodies.map((body, index) => ({
      id: `harness-${Date.now()}-${index}`,
      timestamp: new Date(),
      body,
      attempts: 1,
      ack: () => undefined,
      retry: () => undefined,
    }));
    await deliver({ queue, messages, ackAll: () => undefined, retryAll: () => undefined } as unknown as MessageBatch<unknown>);
  };
  return {
    send: async (body: unknown) => run([body]),
    sendBatch: async (messages: Iterable<MessageSendRequest<unknown>>) => run([...messages].map((message) => message.body)),
  } as unknown as Queue;
}

/**
 * The slot's database for one generation of the slot: once the slot is put back, a statement of an earlier test's
 * background work (the demo's delayed payment confirmation, `ctx.waitUntil`) fails instead of writing into the next
 * test's data.
 */
function guarded(database: D1Database, alive: () => boolean): D1Database {
  const check = () => {
    if (!alive()) throw new Error('harness: this test database was put back since the request began');
  };
  return {
    prepare: (query: string) => {
      check();
      return database.prepare(query);
    },
    batch: <T = unknown>(statements: D1PreparedStatement[]) => {
      check();
      return database.batch<T>(statements);
    },
    exec: (query: string) => {
      check();
      return database.exec(query);
    },
    dump: () => database.dump(),
    withSession: (constraint?: string) => database.withSession(constraint),
  } as D1Database;
}

function slotOf(env: HarnessEnv, slot: number): Slot {
  let state = slots.get(slot);
  if (state) return state;
  const database = env[`DB_${slot}`];
  if (!database) throw new Error(`harness: no database for slot ${slot}`);
  const ledger = new Ledger();
  const vars = JSON.parse(env.VARS) as Record<string, string>;
  const limits = JSON.parse(env.RATE_LIMITS) as Limits;
  const limiters = Object.fromEntries(Object.entries(limits).map(([name, { limit, period }]) => [name, new MemoryRateLimit(limit, period)]));
  const alive = () => state?.alive === true;
  const workerEnv = { ...vars, ...limiters, DB: guarded(database, alive), PAY_URL: `http://${PAY_HOST(slot)}` } as unknown as Env;
  workerEnv.MAIL_QUEUE = inProcessQueue('ponte-mail', (batch) => main.queue(batch, workerEnv));
  // Webhooks (src/server/main/webhooks/): queued in process; the demo's receiver is this main Worker, reached in
  // process; every other look-up or delivery answers 502 here (nothing leaves the tests).
  workerEnv.DEMO_WEBHOOK_RECEIVER_URL = 'http://localhost:8787/demo/webhook-receiver';
  workerEnv.WEBHOOK_TRANSPORT = async (request) =>
    request.url.startsWith(`${workerEnv.DEMO_WEBHOOK_RECEIVER_URL}/`)
      ? main.fetch(request, workerEnv, { waitUntil: () => undefined, passThroughOnException: () => undefined } as unknown as ExecutionContext)
      : new Response('harness: no network', { status: 502 });
  workerEnv.WEBHOOK_QUEUE = inProcessQueue('ponte-webhook', (batch) => main.queue(batch, workerEnv));
  // Firebase Admin (src/server/shared/firebase-admin/): the Auth emulator's REST API answered in process.
  workerEnv.FIREBASE_ADMIN_TRANSPORT = answerAuthEmulator;
  state = {
    alive: true,
    env: workerEnv,
    pay: payApp(ledger),
    ledger,
    seeded: false,
    dirty: true,
  };
  slots.set(slot, state);
  return state;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables that hold data, by name. A virtual table (the searches' FTS5 indexes) and its shadow tables
 * (`<name>_data`, `_idx`, `_content`, `_docsize`, `_config`) are left out: SQLite refuses to write the shadow tables,
 * and the triggers that keep each index follow the DELETE and INSERT of its base table.
 */
async function tables(db: D1Database, filter: (name: string) => boolean): Promise<string[]> {
  const { results } = await db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string; sql: string | null }>();
  const virtual = results.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => row.name);
  const indexTable = (name: string) => virtual.some((table) => name === table || name.startsWith(`${table}_`));
  return results.map((row) => row.name).filter((name) => !indexTable(name) && filter(name));
}

async function migrate(db: D1Database, migrations: Migration[]): Promise<void> {
  for (const migration of migrations) {
    if (migration.queries.length > 0) await db.batch(migration.queries.map((query) => db.prepare(query)));
  }
}

/** Migrations, the demo's reset at the tests' time, and a copy of every table beside it. */
async function seed(env: HarnessEnv, state: Slot): Promise<void> {
  const db = state.env.DB;
  await migrate(db, JSON.parse(env.MIGRATIONS) as Migration[]);
  await resetDemo(state.env, { now: Number(env.TEST_NOW) });
  const data = await tables(db, (name) => !KEPT_TABLE.test(name));
  await db.batch(
    data.map((name) => db.prepare(`CREATE TABLE ${quoted(SNAPSHOT_PREFIX + name)} AS SELECT * FROM ${quoted(name)}`)),
  );
  state.seeded = true;
}

/** Every table back to the seed's copy, in one batch (one transaction); the limiters and the ledger emptied. */
async function restore(env: HarnessEnv, slot: number): Promise<void> {
  // A fresh slot state: new limiters and ledger (the database binding is the same).
  const previous = slotOf(env, slot);
  if (!previous.dirty) return;
  previous.alive = false;
  slots.delete(slot);
  const state = slotOf(env, slot);
  state.seeded = previous.seeded;
  state.dirty = false;
  if (!state.seeded) {
    await seed(env, state);
    return;
  }
  const db = state.env.DB;
  const data = await tables(db, (name) => !KEPT_TABLE.test(name));
  await db.batch([
    ...data.map((name) => db.prepare(`DELETE FROM ${quoted(name)}`)),
    ...data.map((name) => db.prepare(`INSERT INTO ${quoted(name)} SELECT * FROM ${quoted(SNAPSHOT_PREFIX + name)}`)),
  ]);
}

// The main Worker calls the payment platform with `fetch(PAY_URL…)`: the slot's platform answers in-process.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const match = /^pay-(\d+)\.harness\.test$/.exec(new URL(request.url).hostname);
  if (!match) return networkFetch(request);
  const state = slots.get(Number(match[1]));
  if (!state) return new Response('harness: unknown slot', { status: 502 });
  return state.pay.fetch(request, state.env);
};

function json(value: unknown, status = 200): Response {
  return Response.json(value, { status });
}

export default {
  async fetch(request: Request, env: HarnessEnv, ctx: ExecutionContext): Promise<Response> {
    const slot = Number(request.headers.get('x-harness-slot') ?? '1');
    const url = new URL(request.url);
    if (url.pathname === '/__harness/restore' && request.method === 'POST') {
      await restore(env, slot);
      return json({ ok: true });
    }
    if (url.pathname === '/__harness/sql' && request.method === 'POST') {
      const { sql, params = [] } = (await request.json()) as { sql: string; params?: unknown[] };
      const state = slotOf(env, slot);
      state.dirty = true;
      try {
        const { results } = await state.env.DB.prepare(sql).bind(...params).all();
        return json({ rows: results });
      } catch (error) {
        return json({ error: String(error) }, 400);
      }
    }
    const target = request.headers.get('x-harness-target');
    const state = slotOf(env, slot);
    state.dirty = true;
    const headers = new Headers(request.headers);
    // The URL the SPA called (its origin says which Worker), as the Worker would have seen it.
    const original = headers.get('x-harness-url') ?? request.url;
    headers.delete('x-harness-slot');
    headers.delete('x-harness-target');
    headers.delete('x-harness-url');
    const forwarded = new Request(original, { method: request.method, headers, body: request.body, redirect: 'manual' });
    if (target === 'main') return main.fetch(forwarded, state.env, ctx);
    if (target === 'vpn') return vpn.fetch(forwarded, state.env, ctx);
    if (target === 'pay') return state.pay.fetch(forwarded, state.env);
    return json({ error: `harness: unknown target ${target}` }, 400);
  },
};
