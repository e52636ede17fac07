/**
 * updateVersioned / deleteVersioned: a guarded write that changed a row answers it; one that changed nothing
 * re-reads the record and throws 409 `version-conflict` with it (still there) or 404 with the resource's message
 * (gone). Run against a scratch table in the test D1, with the WHERE built by versionIs.
 */
import { env } from 'cloudflare:test';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { ApiError } from './errors';
import { conflictOrNotFound, deleteVersioned, updateVersioned, versionIs } from './versioned';

const thing = sqliteTable('versioned_test_thing', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  name: text('name').notNull(),
  version: integer('version').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

const GONE = 'Coisa não encontrada.';
const db = () => drizzle(env.DB);
const find = async (id: string) => (await db().select().from(thing).where(eq(thing.id, id)))[0] ?? null;
const target = (id: string) => ({ current: () => find(id), notFound: GONE });

const rename = (id: string, owner: string, version: number, name: string) =>
  db()
    .update(thing)
    .set({ name, version: sql`${thing.version} + 1` })
    .where(and(eq(thing.id, id), eq(thing.ownerUid, owner), eq(thing.version, version)))
    .returning();

const remove = (id: string, version: number | null) =>
  db().delete(thing).where(and(eq(thing.id, id), versionIs(thing.version, version))).returning({ id: thing.id });

async function thrown(work: Promise<unknown>): Promise<ApiError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

beforeEach(async () => {
  await env.DB.exec(
    'CREATE TABLE IF NOT EXISTS versioned_test_thing (id TEXT PRIMARY KEY, owner_uid TEXT NOT NULL, name TEXT NOT NULL, version INTEGER NOT NULL, updated_at INTEGER NOT NULL)',
  );
  await env.DB.exec('DELETE FROM versioned_test_thing');
  await db().insert(thing).values({ id: 't1', ownerUid: 'u1', name: 'Prensa', version: 2, updatedAt: Date.UTC(2026, 0, 5) });
});

describe('updateVersioned', () => {
  it('answers the changed row when the version matches', async () => {
    const row = await updateVersioned(rename('t1', 'u1', 2, 'Torno'), target('t1'));
    expect(row).toMatchObject({ id: 't1', name: 'Torno', version: 3 });
  });

  it('a stale version is 409 version-conflict with the record as it is now (serialized), and nothing changes', async () => {
    const error = await thrown(updateVersioned(rename('t1', 'u1', 1, 'Torno'), target('t1')));
    expect(error.status).toBe(409);
    expect(error.toBody()).toMatchObject({
      error: { code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE, current: { id: 't1', name: 'Prensa', version: 2 } },
    });
    // serialize(): the owner is never shown.
    expect(error.extra.current).not.toHaveProperty('ownerUid');
    expect((await find('t1'))?.name).toBe('Prensa');
  });

  it('a record that is gone is 404 with the resource’s message', async () => {
    const error = await thrown(updateVersioned(rename('t9', 'u1', 2, 'Torno'), target('t9')));
    expect(error.status).toBe(404);
    expect(error.toBody()).toEqual({ error: { code: 'not-found', message: GONE } });
  });

  it('another owner’s guard changes nothing: the re-read decides (here the record exists: 409)', async () => {
    const error = await thrown(updateVersioned(rename('t1', 'u2', 2, 'Torno'), target('t1')));
    expect(error.status).toBe(409);
    expect((await find('t1'))?.version).toBe(2);
  });

  it('takes a boolean write too (true: nothing to answer; false: 409 or 404)', async () => {
    await expect(updateVersioned(Promise.resolve(true), target('t1'))).resolves.toBeUndefined();
    expect((await thrown(updateVersioned(Promise.resolve(false), target('t1')))).status).toBe(409);
    expect((await thrown(updateVersioned(Promise.resolve(false), target('t9')))).status).toBe(404);
  });

  it('does not re-read after a write that changed a row', async () => {
    let reads = 0;
    const counting = { current: async () => ((reads += 1), find('t1')), notFound: GONE };
    await updateVersioned(rename('t1', 'u1', 2, 'Torno'), counting);
    expect(reads).toBe(0);
  });

  it('an error the re-read throws first (e.g. has-dependents) is the answer', async () => {
    const dependents = new ApiError(409, 'has-dependents', 'Tem dependentes.');
    const error = await thrown(
      updateVersioned(Promise.resolve(false), { current: () => Promise.reject(dependents), notFound: GONE }),
    );
    expect(error).toBe(dependents);
  });
});

describe('deleteVersioned', () => {
  it('deletes with the right version, or without one (versionIs(null) adds no term)', async () => {
    await deleteVersioned(remove('t1', 2), target('t1'));
    expect(await find('t1')).toBeNull();
    await db().insert(thing).values({ id: 't2', ownerUid: 'u1', name: 'Fresa', version: 7, updatedAt: 1 });
    await deleteVersioned(remove('t2', null), target('t2'));
    expect(await find('t2')).toBeNull();
  });

  it('a stale version is 409 with the current record and keeps it; a missing one is 404', async () => {
    const stale = await thrown(deleteVersioned(remove('t1', 1), target('t1')));
    expect(stale.status).toBe(409);
    expect(stale.extra).toMatchObject({ current: { id: 't1', version: 2 } });
    expect(await find('t1')).not.toBeNull();
    const gone = await thrown(deleteVersioned(remove('t9', null), target('t9')));
    expect(gone.toBody()).toEqual({ error: { code: 'not-found', message: GONE } });
  });

  it('takes a count or a boolean as well as rows', async () => {
    await expect(deleteVersioned(Promise.resolve(1), target('t1'))).resolves.toBeUndefined();
    expect((await thrown(deleteVersioned(Promise.resolve(0), target('t1')))).status).toBe(409);
    expect((await thrown(deleteVersioned(Promise.resolve(false), target('t9')))).status).toBe(404);
  });
});

describe('conflictOrNotFound', () => {
  it('is 409 with the record, or 404 with the message', () => {
    expect(conflictOrNotFound({ id: 'a', version: 1 }, GONE).status).toBe(409);
    expect(conflictOrNotFound(null, GONE).toBody()).toEqual({ error: { code: 'not-found', message: GONE } });
    expect(conflictOrNotFound(undefined, GONE).status).toBe(404);
  });
});
