/** /backoffice/payment-platform's SQL (platform-wide rows: no owner). The secret's columns are never answered. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentPlatformListQuery } from '@/contracts/payment-platform';
import type { Db } from '../../../shared/app-env';
import { offsetOf, sortOrder } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { paymentMethod, paymentPlatform } from '../../db/payments-schema';

export type PlatformRow = typeof paymentPlatform.$inferSelect;
export interface PlatformMethod {
  id: string;
  name: string;
  enabled: boolean;
}

/** Everything of a platform that may leave the server, named one by one: never the key, only its last 4. */
export function platformJson(row: PlatformRow, methods: readonly PlatformMethod[]) {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    environment: row.environment,
    publicKey: row.publicKey,
    hasSecretKey: row.secretKeyCipher !== null,
    secretKeyLast4: row.secretKeyCipher !== null ? row.secretKeyLast4 : null,
    enabled: row.enabled,
    methods: methods.map((method) => ({ id: method.id, name: method.name, enabled: method.enabled })),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type PlatformJson = ReturnType<typeof platformJson>;

/** Sort keys and search texts (name and provider). */
export function platformColumns(input: { name: string; provider: string }) {
  return { nameKey: sortKey(input.name), providerKey: sortKey(input.provider), ...searchColumns([input.name, input.provider]) };
}

const SORTS = {
  name: paymentPlatform.nameKey,
  provider: paymentPlatform.providerKey,
  environment: paymentPlatform.environment,
  createdAt: paymentPlatform.createdAt,
};

/** The methods on these platforms (oldest first; made at once: in the order they were made), by platform id. */
async function methodsOf(db: Db, platformIds: readonly string[]): Promise<Map<string, PlatformMethod[]>> {
  const byPlatform = new Map<string, PlatformMethod[]>();
  if (platformIds.length === 0) return byPlatform;
  const rows = await db
    .select({ id: paymentMethod.id, name: paymentMethod.name, enabled: paymentMethod.enabled, platformId: paymentMethod.platformId })
    .from(paymentMethod)
    .where(inArray(paymentMethod.platformId, [...platformIds]))
    .orderBy(asc(paymentMethod.createdAt), sql`rowid`);
  for (const row of rows) {
    const list = byPlatform.get(row.platformId) ?? [];
    list.push(row);
    byPlatform.set(row.platformId, list);
  }
  return byPlatform;
}

export async function listPlatforms(db: Db, query: PaymentPlatformListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.filters.status) conditions.push(eq(paymentPlatform.enabled, query.filters.status === 'enabled'));
  conditions.push(searchCondition(query.q, paymentPlatform.search, paymentPlatform.searchCompact) ?? undefined);
  const where = and(...conditions);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(paymentPlatform)
      .where(where)
      .orderBy(...sortOrder(query.sort, SORTS, paymentPlatform.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(paymentPlatform).where(where),
  ]);
  const methods = await methodsOf(db, rows.map((row) => row.id));
  return { rows: rows.map((row) => platformJson(row, methods.get(row.id) ?? [])), total: totals[0]?.total ?? 0 };
}

export async function findPlatformRow(db: Db, id: string): Promise<PlatformRow | null> {
  const [row] = await db.select().from(paymentPlatform).where(eq(paymentPlatform.id, id)).limit(1);
  return row ?? null;
}

export async function findPlatform(db: Db, id: string): Promise<PlatformJson | null> {
  const row = await findPlatformRow(db, id);
  return row ? platformJson(row, (await methodsOf(db, [id])).get(id) ?? []) : null;
}

export async function platformJsonOf(db: Db, row: PlatformRow): Promise<PlatformJson> {
  return platformJson(row, (await methodsOf(db, [row.id])).get(row.id) ?? []);
}

export async function methodCountOf(db: Db, platformId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentMethod).where(eq(paymentMethod.platformId, platformId));
  return row?.n ?? 0;
}
