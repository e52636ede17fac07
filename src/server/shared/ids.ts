/** Readable ids (`customer-1049`): the next number of the kind, taken in one statement (a gap is fine). */
import { sql } from 'drizzle-orm';
import type { Db } from './app-env';

const FIRST_NUMBER = 1001;

export async function nextId(db: Db, kind: string): Promise<string> {
  const row = await db.get<{ next: number }>(
    sql`INSERT INTO id_sequence (kind, next) VALUES (${kind}, ${FIRST_NUMBER})
        ON CONFLICT(kind) DO UPDATE SET next = next + 1 RETURNING next`,
  );
  return `${kind}-${row.next}`;
}
