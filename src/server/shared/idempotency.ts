/**
 * Creates that may be retried: the client sends an `Idempotency-Key` (required: 400 without one); the key is kept
 * per account for 24 h with the hash of the request (route and body) and, once done, the answer.
 *
 * - The first request claims the key with an INSERT that a unique primary key lets only one request win — two
 *   concurrent creates with one key make one record, never a check-then-insert race.
 * - The winner's writes and the stored answer go in ONE batch: the record exists iff its answer is kept.
 * - A refused create (4xx) releases the key, so the same submission, corrected, may be sent again.
 * - A create whose rule cannot be a unique index writes with the rule in the statement (`insertWhere`, shared/db/
 *   guarded.ts) and names the condition that holds once it was kept (`applied`): the answer is stored only then, in
 *   the same batch. When a concurrent request won the race, nothing is kept and `create` runs again — its check
 *   now sees the winner and refuses with its own 4xx.
 * - The same key with another route or body: 422. While the first is still running, a second waits for its
 *   answer (up to a few seconds) and replays it; a claim left by a request that died is taken over after 30 s.
 * - A claim is known by its time (`created_at`, set anew by a take-over). A create may guard its first write with
 *   `claim.held` (and the rest with `applied`): a slow request whose claim a retry took over then commits nothing,
 *   and answers what the key answers (the retry's). Its release and kept refusal touch only its own claim.
 * - Past its window (24 h) a key is refused (422 `idempotency-key-expired`), never matched nor run again; the
 *   scheduled purge drops it later (a card order's platform still knows the key then: orders/create.ts).
 * - `options.keepOutcome` (a charge, POST /order with a card): a refusal it names (a decline, the platform's 502…)
 *   is kept for the key like a success, never released; the same key asked again answers a kept success, and re-runs `create` on a
 *   kept refusal only when `options.reattempt` says so (the payment platform has nothing charged under the key).
 *   `options.hashOf` names what of the body must be the same (a new card token for the same cart is the same order).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { DAY_MS } from './days';
import { idempotencyKey } from './db/core-schema';
import {
  ApiError,
  DUPLICATE_MESSAGE,
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
} from './errors';

export const IDEMPOTENCY_TTL_MS = DAY_MS;
const STALE_CLAIM_MS = 30_000;
const WAIT_MS = 5_000;
const POLL_MS = 50;
const MAX_KEY_LENGTH = 200;
/** Races lost in a row before a guarded create gives up (each loss means a conflicting record was written). */
const MAX_GUARDED_ATTEMPTS = 3;

/** See the module's comment. */
export interface IdempotencyOptions {
  keepOutcome?: (error: ApiError) => boolean;
  hashOf?: (body: string) => string;
  reattempt?: (kept: { status: number; body: string | null }) => Promise<boolean>;
}

/** What a create is told of its claim on the key. */
export interface Claim {
  /** True, in a statement, only while this request still holds the key's claim (no retry took it over). */
  held: SQL;
}

/** What a create does: the writes to commit and the answer to give (and replay). */
export interface CreateResult {
  status: number;
  body: unknown;
  writes: BatchItem<'sqlite'>[];
  /**
   * For guarded writes (`insertWhere`): a condition true, after them in the batch, only if they were kept (e.g.
   * `EXISTS (SELECT 1 FROM t WHERE id = <the new id>)`). Every other write of `writes` must be guarded by it too.
   */
  applied?: SQL;
}

export const IDEMPOTENCY_KEY_EXPIRED_MESSAGE =
  'Esta chave de idempotência expirou (vale 24 horas). Envie a operação de novo com uma nova chave.';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A create's claim was taken over by a retry: this request answers as the key does now. */
const LOST: unique symbol = Symbol('lost');

/**
 * Runs `create` once per key (see above). Answers as the route declared (`never`: a replayed answer is a plain
 * Response, which Hono's typed handlers cannot name).
 */
export async function idempotentCreate(
  c: Context<AppEnv>,
  create: (claim: Claim) => Promise<CreateResult>,
  options: IdempotencyOptions = {},
): Promise<never> {
  const key = c.req.header('Idempotency-Key')?.trim() ?? '';
  if (key === '' || key.length > MAX_KEY_LENGTH) {
    throw new ApiError(400, 'idempotency-key-required', IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
  }
  const db = c.var.db;
  const owner = c.var.principal.uid;
  const scope = `${c.req.method} ${new URL(c.req.url).pathname}`;
  const body = c.req.raw.body === null ? '' : await c.req.text();
  const hash = await sha256(`${scope}\n${options.hashOf ? options.hashOf(body) : body}`);
  const mine = and(eq(idempotencyKey.ownerUid, owner), eq(idempotencyKey.key, key));

  /** The key's claim, by its time (the claim's token): this request's, or a replayed answer. */
  const acquire = async (): Promise<{ claimedAt: number } | { answer: never }> => {
    const claim = async (): Promise<number | null> => {
      const at = Date.now();
      const inserted = await db
        .insert(idempotencyKey)
        .values({ ownerUid: owner, key, scope, requestHash: hash, status: 0, createdAt: at })
        .onConflictDoNothing()
        .returning({ key: idempotencyKey.key });
      return inserted.length === 1 ? at : null;
    };
    /** Takes the row over from `from` (its time): one request wins. */
    const takeOver = async (from: { status: number; createdAt: number }): Promise<number | null> => {
      const at = Date.now();
      const taken = await db
        .update(idempotencyKey)
        .set({ status: 0, body: null, createdAt: at })
        .where(and(mine, eq(idempotencyKey.status, from.status), eq(idempotencyKey.createdAt, from.createdAt)))
        .returning({ key: idempotencyKey.key });
      return taken.length === 1 ? at : null;
    };
    let claimedAt = await claim();
    const deadline = Date.now() + WAIT_MS;
    while (claimedAt === null) {
      const [row] = await db.select().from(idempotencyKey).where(mine).limit(1);
      if (!row) {
        claimedAt = await claim();
        continue;
      }
      const age = Date.now() - row.createdAt;
      // Past its window a key is never matched again (a charge it made is not another order's).
      if (age > IDEMPOTENCY_TTL_MS) throw new ApiError(422, 'idempotency-key-expired', IDEMPOTENCY_KEY_EXPIRED_MESSAGE);
      if (row.requestHash !== hash) throw new ApiError(422, 'idempotency-key-reused', IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (row.status !== 0) {
        if (row.status < 300 || !options.reattempt || !(await options.reattempt({ status: row.status, body: row.body }))) {
          return { answer: jsonResponse(row.body ?? 'null', row.status) };
        }
        // A kept refusal the platform says charged nothing: this request tries again (one request wins the row).
        claimedAt = await takeOver(row);
        continue;
      }
      if (age > STALE_CLAIM_MS) {
        claimedAt = await takeOver(row);
        continue;
      }
      if (Date.now() > deadline) throw new ApiError(409, 'idempotency-in-progress', IDEMPOTENCY_IN_PROGRESS_MESSAGE);
      await sleep(POLL_MS);
    }
    return { claimedAt };
  };

  /** Runs `create` under the claim made at `claimedAt`: its answer, or LOST when a retry took the claim over. */
  const run = async (claimedAt: number): Promise<{ answer: never } | typeof LOST> => {
    const held = and(mine, eq(idempotencyKey.status, 0), eq(idempotencyKey.createdAt, claimedAt));
    const holds = async () => (await db.select({ key: idempotencyKey.key }).from(idempotencyKey).where(held).limit(1)).length === 1;
    const release = () => db.delete(idempotencyKey).where(held);
    const claim: Claim = { held: sql`EXISTS (SELECT 1 FROM ${idempotencyKey} WHERE ${held ?? sql`0`})` };
    for (let attempt = 1; ; attempt += 1) {
      let result: CreateResult;
      try {
        result = await create(claim);
      } catch (error) {
        if (!(await holds())) return LOST;
        if (error instanceof ApiError && options.keepOutcome?.(error)) {
          await db
            .update(idempotencyKey)
            .set({ status: error.status, body: JSON.stringify(error.toBody()) })
            .where(held);
        } else {
          await release();
        }
        throw error;
      }
      const answer = JSON.stringify(result.body);
      let kept: boolean;
      try {
        const done = db
          .update(idempotencyKey)
          .set({ status: result.status, body: answer })
          .where(and(held, result.applied));
        const statements: BatchItem<'sqlite'>[] = [...result.writes, done];
        // Whether the guarded writes were kept, read in the same transaction (the key's row is there: this request's).
        if (result.applied) statements.push(db.select({ kept: sql<number>`1` }).from(idempotencyKey).where(and(mine, result.applied)));
        const results = (await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])) as unknown[];
        kept = result.applied === undefined || (results.at(-1) as unknown[]).length > 0;
      } catch (error) {
        if (!(await holds())) return LOST;
        await release();
        throw error;
      }
      if (kept) return { answer: jsonResponse(answer, result.status) };
      // Not kept: a retry took the claim over (it answers for the key), or a concurrent request won the race —
      // the next `create` checks again (and refuses).
      if (!(await holds())) return LOST;
      if (attempt >= MAX_GUARDED_ATTEMPTS) {
        await release();
        throw new ApiError(409, 'duplicate', DUPLICATE_MESSAGE);
      }
    }
  };

  for (;;) {
    const acquired = await acquire();
    if ('answer' in acquired) return acquired.answer;
    const outcome = await run(acquired.claimedAt);
    if (typeof outcome === 'object') return outcome.answer;
    // This request's claim was taken over by a retry: it answers what the retry answers (waiting for it).
  }
}

function jsonResponse(body: string, status: number): never {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } }) as never;
}

/** Drops keys older than 24 h (the main Worker's scheduled clean-up). */
export async function purgeIdempotencyKeys(db: AppEnv['Variables']['db'], now = Date.now()): Promise<void> {
  await db.run(sql`DELETE FROM idempotency_key WHERE created_at < ${now - IDEMPOTENCY_TTL_MS}`);
}
