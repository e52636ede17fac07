/**
 * The demo's reset (demo mode only, see routes.ts): every table of the shared database (both Workers') emptied,
 * then every seed source's rows inserted — each statement a JSON array of rows in one bound parameter (D1 binds at
 * most 100 per statement), sent in `db.batch` groups — and the id sequences set past the seeded ids so new records
 * never collide with them.
 *
 * The deletes run in one batch (one transaction); the inserts in groups of batches, so the large seed (≈ 40 000
 * rows) does not make one giant transaction. A reset that fails midway leaves a partial seed: reset again.
 */
import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { buildSeed } from '@/seed';
import type { Db } from '../shared/app-env';
import { assembler, idSequence } from '../shared/db/core-schema';
import type { Env } from '../shared/env';
import { SEED_SOURCES, type ResetSeedSource, type SeedContext } from './seed';
import type { SeedTable } from './seed/types';
import { databaseOf } from '../shared/local-d1';

/** D1: at most 100 bound parameters per statement. */
export const MAX_BOUND_PARAMETERS = 100;
/** Statements per `db.batch` while inserting (each a transaction). */
export const INSERT_BATCH_STATEMENTS = 10;
/** The large demo's extra machines (each with a gateway and access history), as the browser demo's `?demo-seed=large`. */
export const LARGE_SEED_EXTRA_MACHINES = 10_000;

export interface ResetOptions {
  large?: boolean;
  now?: number;
  /** The sources to seed from (tests); SEED_SOURCES by default. */
  sources?: readonly ResetSeedSource[];
}

export interface ResetReport {
  /** Rows inserted per table. */
  rowsByTable: Record<string, number>;
  rows: number;
  statements: number;
  ms: number;
}

/** A statement as D1 takes it (drizzle cannot batch a raw statement with parameters). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** Tables never emptied: D1's and SQLite's own, and the migrations' record. */
const KEPT_TABLE = /^(sqlite_|_cf_|d1_migrations$)/;

async function runBatches(d1: D1Database, statements: Statement[], size: number): Promise<void> {
  for (let start = 0; start < statements.length; start += size) {
    const group = statements.slice(start, start + size);
    await d1.batch(group.map(({ sql: text, params }) => d1.prepare(text).bind(...params)));
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table the migrations made (both Workers'), bar the kept ones and the search indexes (FTS5 virtual tables and
 * their shadow tables, 0027: the tables' triggers empty and refill them with the rows).
 */
async function dataTables(db: Db): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master AS t WHERE type = 'table' AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v
      WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%' AND (t.name = v.name OR substr(t.name, 1, length(v.name) + 1) = v.name || '_'))
      ORDER BY name`,
  );
  return rows.map((row) => row.name).filter((name) => !KEPT_TABLE.test(name));
}

/** Largest JSON text one INSERT carries (D1 allows 2 MB per value). */
export const MAX_JSON_BYTES = 512 * 1024;

/** A row as the database stores it, in `columns`' order (Drizzle's own mapping: booleans as 0/1, JSON as text). */
function driverValues(row: Record<string, unknown>, columns: ReadonlyArray<[string, Column]>): unknown[] {
  return columns.map(([key, column]) => {
    let value = row[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined || value === null) return null;
    return column.mapToDriverValue(value);
  });
}

/**
 * One table's rows as few statements: `INSERT … SELECT … FROM json_each(?)`, each carrying up to
 * {@link MAX_JSON_BYTES} of rows in ONE bound parameter (D1 binds at most 100 per statement; a multi-row VALUES of
 * 17 columns fits 5 rows, which made the large seed take 25 s). Columns no row sets keep their SQL default.
 */
export function insertStatements({ table, rows }: SeedTable): Statement[] {
  const records = rows as Array<Record<string, unknown>>;
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>).filter(
    ([key, column]) => column.defaultFn !== undefined || records.some((row) => row[key] !== undefined),
  );
  if (records.length === 0 || columns.length === 0) return [];
  const names = columns.map(([, column]) => quoted(column.name)).join(', ');
  const picks = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(', ');
  const text = `INSERT INTO ${quoted(getTableName(table))} (${names}) SELECT ${picks} FROM json_each(?)`;
  const statement = (json: string): Statement => ({ sql: text, params: [json] });

  const statements: Statement[] = [];
  let chunk: string[] = [];
  let bytes = 0;
  for (const row of records) {
    const json = JSON.stringify(driverValues(row, columns));
    if (chunk.length > 0 && bytes + json.length > MAX_JSON_BYTES) {
      statements.push(statement(`[${chunk.join(',')}]`));
      chunk = [];
      bytes = 0;
    }
    chunk.push(json);
    bytes += json.length + 1;
  }
  if (chunk.length > 0) statements.push(statement(`[${chunk.join(',')}]`));
  return statements;
}

/** The last number used per id kind (`customer-1048` → customer: 1048): the demo's sequences and the rows' ids. */
export function seededSequences(demoSequences: Record<string, number>, tables: readonly SeedTable[]): Map<string, number> {
  const sequences = new Map(Object.entries(demoSequences));
  for (const { rows } of tables) {
    for (const row of rows as Array<Record<string, unknown>>) {
      const match = typeof row.id === 'string' ? /^(.+)-(\d+)$/.exec(row.id) : null;
      if (!match?.[1] || !match[2]) continue;
      sequences.set(match[1], Math.max(sequences.get(match[1]) ?? 0, Number(match[2])));
    }
  }
  return sequences;
}

/** `id_sequence` rows: `nextId` answers `<kind>-<next + 1>`, so `next` is the last seeded number. */
function sequenceStatements(db: Db, sequences: Map<string, number>): Statement[] {
  const rows = [...sequences].map(([kind, next]) => ({ kind, next }));
  const perStatement = Math.floor(MAX_BOUND_PARAMETERS / 2);
  const statements: Statement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    statements.push(
      db
        .insert(idSequence)
        .values(rows.slice(start, start + perStatement))
        .onConflictDoUpdate({ target: idSequence.kind, set: { next: sql`max(${idSequence.next}, excluded.next)` } })
        .toSQL(),
    );
  }
  return statements;
}

/** Empties the database and loads the demo's seed (the large one on request). */
export async function resetDemo(env: Env, options: ResetOptions = {}): Promise<ResetReport> {
  const started = Date.now();
  const now = options.now ?? started;
  const database = databaseOf(env);
  const db = drizzle(database);
  const data = buildSeed({ now, extraMachines: options.large ? LARGE_SEED_EXTRA_MACHINES : 0 });
  const context: SeedContext = { now, env };
  const tables: SeedTable[] = [];
  for (const source of options.sources ?? SEED_SOURCES) tables.push(...(await source(data, context)));

  const deletes = (await dataTables(db)).map((name): Statement => ({ sql: `DELETE FROM ${quoted(name)}`, params: [] }));
  await runBatches(database, deletes, deletes.length);

  const inserts = tables.flatMap((seedTable) => insertStatements(seedTable));
  inserts.push(...sequenceStatements(db, seededSequences(data.sequences, tables)));
  await runBatches(database, inserts, INSERT_BATCH_STATEMENTS);

  const rowsByTable: Record<string, number> = {};
  for (const { table, rows } of tables) rowsByTable[getTableName(table)] = (rowsByTable[getTableName(table)] ?? 0) + rows.length;
  return {
    rowsByTable,
    rows: tables.reduce((sum, { rows }) => sum + rows.length, 0),
    statements: deletes.length + inserts.length,
    ms: Date.now() - started,
  };
}

/** Seeds when the database holds no builder yet (the dev runner's first start); true when it seeded. */
export async function seedIfEmpty(env: Env, options: Omit<ResetOptions, 'large'> = {}): Promise<boolean> {
  const [any] = await drizzle(databaseOf(env)).select({ uid: assembler.uid }).from(assembler).limit(1);
  if (any) return false;
  await resetDemo(env, options);
  return true;
}
