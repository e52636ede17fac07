/**
 * Locally (`wrangler dev`, `LOCAL_SHARED_D1=true` from the dev runner), each Worker runs in a workerd process of its
 * own and both open the same local D1 file, as they share one database when deployed. SQLite there waits for no
 * lock: a statement that meets the other process's write fails at once (SQLITE_BUSY, which the binding reports as
 * "D1_ERROR: … internal error"), before anything of it is applied — a write is rolled back whole, a batch too. So
 * it is sent again, after a short randomised wait, a few times. Deployed D1 is one database service and never
 * sees this: the binding is used as is there.
 */

/** Waits before each new attempt (ms, before jitter): about 1.3 s in all. */
const RETRY_DELAYS_MS = [5, 10, 20, 40, 80, 160, 320, 640];

function isLockFailure(error: unknown): boolean {
  const texts: string[] = [];
  for (let current: unknown = error; current instanceof Error && texts.length < 4; current = current.cause) texts.push(current.message);
  return texts.some((text) => /SQLITE_BUSY|database is locked|D1_ERROR:.*internal error/.test(text));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function retryingLocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isLockFailure(error)) throw error;
      await sleep(delay * (0.5 + Math.random()));
    }
  }
}

/** The binding's own statement behind each wrapped one (`batch` takes only those). */
const bindingStatements = new WeakMap<object, D1PreparedStatement>();

function wrapStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => wrapStatement(statement.bind(...values)),
    first: (column?: string) => retryingLocks(() => (column === undefined ? statement.first() : statement.first(column))),
    run: () => retryingLocks(() => statement.run()),
    all: () => retryingLocks(() => statement.all()),
    raw: (options?: { columnNames?: boolean }) =>
      retryingLocks(() => (options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw())),
  };
  bindingStatements.set(wrapped, statement);
  // The object has every method of a statement; `first` and `raw` are overloaded in the binding's types, which an
  // object literal cannot spell, hence the cast.
  return wrapped as unknown as D1PreparedStatement;
}

/** The binding, its statements and batches retried on a lock held by the other local Worker (see above). */
export function retryingLocalLocks(db: D1Database): D1Database {
  const wrapped = {
    prepare: (query: string) => wrapStatement(db.prepare(query)),
    batch: <T = unknown>(statements: D1PreparedStatement[]) =>
      retryingLocks(() => db.batch<T>(statements.map((statement) => bindingStatements.get(statement) ?? statement))),
    exec: (query: string) => retryingLocks(() => db.exec(query)),
    withSession: (constraintOrBookmark?: string) => db.withSession(constraintOrBookmark),
    dump: () => db.dump(),
  };
  // Same reason as above: the binding's types carry overloads and deprecated members an object literal cannot spell.
  return wrapped as unknown as D1Database;
}

/** The database a request uses: locally shared by two processes (retried on their locks), else the binding. */
export function databaseOf(env: { DB: D1Database; LOCAL_SHARED_D1?: string }): D1Database {
  return env.LOCAL_SHARED_D1 === 'true' ? retryingLocalLocks(env.DB) : env.DB;
}
