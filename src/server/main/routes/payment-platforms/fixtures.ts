/**
 * Test helpers of the payments resources (imported by their *.test.ts only): the demo's payments seed inserted as
 * the reset does (paymentsSeed, multi-row INSERTs under D1's 100 parameters), after emptying the three tables.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { seededSequences } from '../../../demo/reset';
import { paymentsSeed } from '../../../demo/seed/payments';
import { discountRule, paymentMethod, paymentPlatform } from '../../db/payments-schema';

const MAX_PARAMS = 100;

export const testDb = () => drizzle(env.DB);

/** Empties the payments tables and inserts the seed's rows; `secretsKey` undefined seeds without a key. */
export async function seedPayments(data: Parameters<typeof paymentsSeed>[0], options: { secretsKey?: string | null } = {}) {
  const db = testDb();
  await db.batch([db.delete(discountRule), db.delete(paymentMethod), db.delete(paymentPlatform)]);
  const secretsKey = options.secretsKey === null ? undefined : (options.secretsKey ?? env.SECRETS_KEY);
  const tables = await paymentsSeed(data, { env: { ...env, SECRETS_KEY: secretsKey } });
  for (const { table, rows } of tables) {
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0] ?? { id: 1 }).length));
    for (let start = 0; start < rows.length; start += perStatement) {
      await db.insert(table as SQLiteTable).values(rows.slice(start, start + perStatement));
    }
  }
  // As the reset does: new ids continue after the seeded ones.
  for (const [kind, last] of seededSequences({}, tables)) {
    await env.DB.prepare('INSERT INTO id_sequence (kind, next) VALUES (?, ?) ON CONFLICT(kind) DO UPDATE SET next = excluded.next')
      .bind(kind, last)
      .run();
  }
  return tables;
}
