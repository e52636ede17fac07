/**
 * `GET /backoffice/machine`'s SQL: every builder's machines (staff), searched by name, serial number or builder's
 * name (case- and accent-insensitive, as the demo's list), sorted by name or builder, paged.
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { backofficeMachineListQuery } from '@/contracts/vpn';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { offsetOf, onPage, rowidOf } from '../../../shared/list';
import { foldText, searchCandidates, searchIndexOf } from '../../../shared/search';
import { machine } from '../../db/fleet-schema';

type Query = ReturnType<typeof backofficeMachineListQuery.parse>;

const contains = (column: SQLiteColumn | SQL, needle: string) =>
  sql`${column} LIKE ${`%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} ESCAPE '\\'`;

/** Name (its folded key), serial number (ASCII: lower-cased) or a builder whose folded name has the text. */
async function searchOf(db: Db, q: string): Promise<SQL | undefined> {
  const needle = foldText(q.trim());
  if (needle === '') return undefined;
  const builders = await db.select({ uid: assembler.uid, name: assembler.name }).from(assembler);
  const owners = builders.filter((builder) => foldText(builder.name).includes(needle)).map((builder) => builder.uid);
  // The name and serial number are folded into `search` too: its index narrows them (shared/search.ts).
  const own = or(contains(machine.nameKey, needle), contains(sql`lower(${machine.serialNumber})`, needle));
  return or(
    and(searchCandidates(searchIndexOf(machine), needle) ?? undefined, own),
    owners.length > 0 ? sql`${machine.ownerUid} IN (SELECT value FROM json_each(${JSON.stringify(owners)}))` : undefined,
  );
}

function orderOf(sort: string): SQL[] {
  const descending = sort.startsWith('-');
  const column = sort.endsWith('ownerName') ? sql`lower(${assembler.name})` : machine.nameKey;
  return [descending ? desc(column) : asc(column), asc(machine.nameKey), asc(machine.id)];
}

export async function listBackofficeMachines(db: Db, query: Query) {
  const where = and(await searchOf(db, query.q));
  const order = orderOf(query.sort);
  const rowid = rowidOf(machine);
  let page = db.select({ rowid }).from(machine).$dynamic();
  if (query.sort.endsWith('ownerName')) page = page.leftJoin(assembler, eq(assembler.uid, machine.ownerUid));
  const [rows, totals] = await db.batch([
    db
      .select({
        id: machine.id,
        name: machine.name,
        serialNumber: machine.serialNumber,
        // Aliased: `name` is the machine's too.
        ownerName: sql<string>`coalesce(${assembler.name}, '')`.as('owner_name'),
      })
      .from(machine)
      .leftJoin(assembler, eq(assembler.uid, machine.ownerUid))
      // The page's rowids first (shared/list.ts, pageRowids): the builder joined there only when sorted by it.
      .where(onPage(rowid, page.where(where).orderBy(...order).limit(query.perPage).offset(offsetOf(query))))
      .orderBy(...order),
    db.select({ total: count() }).from(machine).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
