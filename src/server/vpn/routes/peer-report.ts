/**
 * What a node or a hub reports of its peers (`wg show <if> dump`: key, latest handshake, bytes), as ONE JSON
 * string bound once per statement and read set-based with `json_each` — so a report of 10 000 peers costs a handful
 * of statements (D1 allows at most 100 bound parameters a statement, and 2 MB a string: each row is a compact
 * `[id, handshakeMs, rx, tx]`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../shared/app-env';

export interface ReportedPeer {
  publicKey: string;
  /** Seconds since 1970; 0 when never. */
  latestHandshake: number;
  rxBytes: number;
  txBytes: number;
}

/**
 * The report by key: handshakes in ms, none later than `now` (a reporter's clock ahead of ours), one entry per key
 * (the last wins), peers that never shook hands left out (nothing to record of them).
 */
export function reportedHandshakes(peers: readonly ReportedPeer[], now: number): Map<string, { h: number; rx: number; tx: number }> {
  const byKey = new Map<string, { h: number; rx: number; tx: number }>();
  for (const peer of peers) {
    if (peer.latestHandshake <= 0) continue;
    byKey.set(peer.publicKey, { h: Math.min(peer.latestHandshake * 1000, now), rx: peer.rxBytes, tx: peer.txBytes });
  }
  return byKey;
}

/** The report as the JSON the statements read (`[key, handshakeMs, rx, tx]` each); null when nothing is left. */
export function reportedPeersJson(peers: readonly ReportedPeer[], now: number): string | null {
  const byKey = reportedHandshakes(peers, now);
  return byKey.size === 0 ? null : JSON.stringify([...byKey].map(([key, { h, rx, tx }]) => [key, h, rx, tx]));
}

/**
 * `WITH r(id, h, rx, tx) AS MATERIALIZED (…)` over a JSON array of `[id, handshakeMs, rx, tx]`: rows to join on a
 * primary key (`UPDATE t … FROM r WHERE t.id = r.id` reads r once and finds each row by its key — a join on
 * anything unindexed, a public key, would read r again for each row).
 */
export function reportTable(rows: string): SQL {
  return sql`WITH r(id, h, rx, tx) AS MATERIALIZED (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'),
    json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(${rows}))`;
}

const dialect = new SQLiteAsyncDialect();

/**
 * Runs statements in one D1 batch (one transaction) and answers each one's rows. For raw SQL with bound parameters,
 * which drizzle's own `db.batch` cannot prepare (its raw queries have no prepared statement); a query builder is
 * taken through its `toSQL()`.
 */
export async function rawBatch(db: Db, statements: ReadonlyArray<SQL | { toSQL(): { sql: string; params: unknown[] } }>) {
  // drizzle(d1) keeps the D1 binding as `$client` (its type is on drizzle()'s answer, not on DrizzleD1Database).
  const client = (db as Db & { $client: D1Database }).$client;
  const prepared = statements.map((statement) => {
    const query = 'toSQL' in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
    return client.prepare(query.sql).bind(...query.params);
  });
  const results = await client.batch<Record<string, unknown>>(prepared);
  return results.map((result) => result.results ?? []);
}
