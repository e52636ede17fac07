/**
 * The demo's seed, as rows: each resource turns its part of the demo data (built by src/seed,
 * deterministic for a given `now`) into rows of its tables. `POST /demo/reset` empties the tables and inserts
 * every resource's rows (demo mode only).
 */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DemoData } from '@/seed/data';

export interface SeedTable<T extends SQLiteTable = SQLiteTable> {
  table: T;
  rows: T['$inferInsert'][];
}

/** One resource's rows of the seed. */
export type SeedSource = (data: DemoData) => SeedTable[];

/** Typed helper: `seedTable(customer, rows)`. */
export function seedTable<T extends SQLiteTable>(table: T, rows: T['$inferInsert'][]): SeedTable {
  return { table, rows } as unknown as SeedTable;
}
