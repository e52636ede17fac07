/**
 * Guarded writes: an UPDATE/DELETE carries `version = expected` (and the owner) in its WHERE; when it changed no
 * row, the record is read again — still there means stale (409 `version-conflict` with the record as it is now),
 * gone means 404. One place for the branch every versioned resource needs.
 */
import type { AnyColumn, SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { notFound, type ApiError } from './errors';
import { versionConflict } from './versions';

/** How to explain a guarded write that changed nothing. */
export interface VersionedTarget {
  /**
   * The record as the API answers it now (the 409's `current`), or null/undefined when it is gone. It may throw a
   * more specific error first (e.g. 409 `has-dependents` when a dependent appeared since the check).
   */
  current: () => Promise<object | null | undefined>;
  /** The 404's message. */
  notFound: string;
}

/** What a write reports: the changed rows (`.returning()`), a count, or whether it changed anything. */
type WriteResult = boolean | number | readonly unknown[];

function changedAny(result: WriteResult): boolean {
  if (typeof result === 'boolean') return result;
  if (typeof result === 'number') return result > 0;
  return result.length > 0;
}

/** 409 with `now` when the record still exists, else 404 with `message`. */
export function conflictOrNotFound(now: object | null | undefined, message: string): ApiError {
  return now ? versionConflict(now) : notFound(message);
}

/** Re-reads the record and throws 409 (still there) or 404 (gone). */
export async function staleOrGone(target: VersionedTarget): Promise<never> {
  throw conflictOrNotFound(await target.current(), target.notFound);
}

/**
 * Runs a guarded UPDATE. With `.returning()` rows, answers the first changed row; with a boolean, nothing. No row
 * changed: 409 with the current record, or 404.
 */
export async function updateVersioned<R>(write: PromiseLike<readonly R[]>, target: VersionedTarget): Promise<R>;
export async function updateVersioned(write: PromiseLike<boolean>, target: VersionedTarget): Promise<void>;
export async function updateVersioned<R>(
  write: PromiseLike<readonly R[] | boolean>,
  target: VersionedTarget,
): Promise<R | void> {
  const result = await write;
  if (!changedAny(result)) return staleOrGone(target);
  if (typeof result !== 'boolean') return result[0] as R;
}

/** Runs a guarded DELETE; no row deleted: 409 with the current record, or 404. */
export async function deleteVersioned(write: PromiseLike<WriteResult>, target: VersionedTarget): Promise<void> {
  if (!changedAny(await write)) await staleOrGone(target);
}

/** The WHERE term of a guarded write: `version = expected`, or nothing when the caller sent no version. */
export function versionIs(column: AnyColumn, expected: number | null): SQL | undefined {
  return expected === null ? undefined : eq(column, expected);
}
