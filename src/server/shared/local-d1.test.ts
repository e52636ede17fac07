/** Two local Workers on one D1 file: a statement that meets the other's lock is sent again; nothing else is. */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseOf, retryingLocalLocks } from './local-d1';

/** What the local binding throws when the other process holds the lock (SQLITE_BUSY behind the simulator). */
const LOCKED = new Error('D1_ERROR: Failed to parse body as JSON, got: Error: internal error; reference = x1y2z3');

/** A binding whose statements fail `failures` times with `error`, then answer; counts the attempts. */
function flakyDb(failures: number, error: Error) {
  const state = { attempts: 0, batches: 0 };
  const answer = async <T>(value: T): Promise<T> => {
    state.attempts += 1;
    if (state.attempts <= failures) throw error;
    return value;
  };
  const statement = {
    bind: () => statement,
    all: () => answer({ results: [{ one: 1 }], success: true, meta: {} }),
    run: () => answer({ results: [], success: true, meta: {} }),
    first: () => answer({ one: 1 }),
    raw: () => answer([[1]]),
  };
  const db = {
    prepare: () => statement,
    batch: (statements: unknown[]) => {
      state.batches += 1;
      // The binding accepts only its own statements: a wrapped one would be refused here.
      if (statements.some((s) => s !== statement)) throw new TypeError('not a D1PreparedStatement');
      return answer(statements.map(() => ({ results: [], success: true, meta: {} })));
    },
  };
  return { db: db as unknown as D1Database, state };
}

describe('local D1 shared by two Workers', () => {
  it('a statement refused by the other process’s lock is sent again until it runs', async () => {
    const { db, state } = flakyDb(3, LOCKED);
    const answer = await retryingLocalLocks(db).prepare('SELECT 1 AS one').bind().all();
    expect(answer.results).toEqual([{ one: 1 }]);
    expect(state.attempts).toBe(4);
  });

  it('a batch is sent again whole, with the binding’s own statements', async () => {
    const { db, state } = flakyDb(1, new Error('Failed query: INSERT …', { cause: new Error('SQLITE_BUSY: database is locked') }));
    const wrapped = retryingLocalLocks(db);
    const results = await wrapped.batch([wrapped.prepare('INSERT 1'), wrapped.prepare('INSERT 2').bind(2)]);
    expect(results).toHaveLength(2);
    expect(state.batches).toBe(2);
  });

  it('any other failure is not repeated (a write refused by a constraint stays refused)', async () => {
    const { db, state } = flakyDb(5, new Error('D1_ERROR: UNIQUE constraint failed: customer.cnpj'));
    await expect(retryingLocalLocks(db).prepare('INSERT …').run()).rejects.toThrow('UNIQUE constraint failed');
    expect(state.attempts).toBe(1);
  });

  it('gives up after about a second and a half of locks, with the last failure', async () => {
    const { db, state } = flakyDb(100, LOCKED);
    await expect(retryingLocalLocks(db).prepare('SELECT 1').first()).rejects.toThrow('internal error');
    expect(state.attempts).toBe(9);
  });

  it('works with the real binding, batches included; deployed (no LOCAL_SHARED_D1) the binding is used as is', async () => {
    const wrapped = retryingLocalLocks(env.DB);
    const [row] = await drizzle(wrapped).all<{ one: number }>(sql`SELECT 1 AS one`);
    expect(row).toEqual({ one: 1 });
    const [first, second] = await wrapped.batch<{ n: number }>([wrapped.prepare('SELECT ? AS n').bind(1), wrapped.prepare('SELECT ? AS n').bind(2)]);
    expect([first?.results, second?.results]).toEqual([[{ n: 1 }], [{ n: 2 }]]);

    expect(databaseOf({ DB: env.DB })).toBe(env.DB);
    expect(databaseOf({ DB: env.DB, LOCAL_SHARED_D1: 'true' })).not.toBe(env.DB);
  });
});
