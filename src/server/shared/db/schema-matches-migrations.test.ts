// Each Drizzle table (every table exported by the schema files) matches its table in the migrated database: the same
// columns, SQLite type affinity, NOT NULL and primary key; and every migrated table has a Drizzle table. The
// migrations are written by hand (src/server/migrations), so this is what keeps the two from drifting apart.
import { env } from 'cloudflare:test';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';

declare global {
  interface ImportMeta {
    // Vite's eager glob import (its types live in vite/client, outside this project's types).
    glob<M>(patterns: string | string[], options: { eager: true }): Record<string, M>;
  }
}

const schemaFiles = import.meta.glob<Record<string, unknown>>(['../../*/db/*-schema.ts', './*-schema.ts'], { eager: true });

/** Every table the schema files export, by SQL name (one export each). */
function drizzleTables(): Map<string, SQLiteTable> {
  const tables = new Map<string, SQLiteTable>();
  for (const exports of Object.values(schemaFiles)) {
    for (const value of Object.values(exports)) {
      if (is(value, SQLiteTable)) tables.set(getTableConfig(value).name, value);
    }
  }
  return tables;
}

/** SQLite's type affinity of a declared type (https://www.sqlite.org/datatype3.html, 3.1). */
function affinity(declared: string): 'integer' | 'text' | 'blob' | 'real' | 'numeric' {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (/CHAR|CLOB|TEXT/.test(type)) return 'text';
  if (type === '' || type.includes('BLOB')) return 'blob';
  if (/REAL|FLOA|DOUB/.test(type)) return 'real';
  return 'numeric';
}

/**
 * A column as both sides can state it. A primary-key column counts as NOT NULL on both: Drizzle's `.primaryKey()`
 * implies it, while SQLite's `table_info` reports `notnull` only where the migration wrote it (the app never writes
 * a NULL key either way).
 */
interface ColumnShape {
  name: string;
  affinity: string;
  primaryKey: boolean;
  notNull: boolean;
}

interface PragmaColumn {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

/** The columns as Drizzle declares them, by name. */
function drizzleColumns(table: SQLiteTable): ColumnShape[] {
  const config = getTableConfig(table);
  const compositeKey = new Set(config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)));
  return config.columns
    .map((column) => ({
      name: column.name,
      affinity: affinity(column.getSQLType()),
      primaryKey: column.primary || compositeKey.has(column.name),
      notNull: column.notNull || column.primary || compositeKey.has(column.name),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The columns of the migrated table, by name. */
async function migratedColumns(name: string): Promise<ColumnShape[]> {
  const { results } = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<PragmaColumn>();
  return results
    .map((column) => ({ name: column.name, affinity: affinity(column.type), primaryKey: column.pk > 0, notNull: column.notnull === 1 || column.pk > 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const tables = drizzleTables();

describe('the Drizzle schema and the migrations', () => {
  it('finds the schema files and their tables', () => {
    expect(Object.keys(schemaFiles).length).toBeGreaterThan(5);
    expect(tables.size).toBeGreaterThan(10);
  });

  it('has a Drizzle table for every migrated table, and a migrated table for every Drizzle table', async () => {
    const { results } = await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
        AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'
        AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%'
          AND (sqlite_master.name = v.name OR substr(sqlite_master.name, 1, length(v.name) + 1) = v.name || '_'))`,
    ).all<{ name: string }>();
    expect([...tables.keys()].sort()).toEqual(results.map((row) => row.name).sort());
  });

  it.each([...tables.keys()].sort())('%s: same columns, affinities, NOT NULL and primary key', async (name) => {
    const table = tables.get(name);
    if (!table) throw new Error(`no Drizzle table ${name}`);
    expect(drizzleColumns(table)).toEqual(await migratedColumns(name));
  });
});
