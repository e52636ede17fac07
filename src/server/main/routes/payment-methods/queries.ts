/** Payment methods' SQL (platform-wide rows: no owner). A method is answered with its platform's name and state. */
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_KIND_LABELS, type PaymentKind, type PaymentMethodListQuery } from '@/contracts/payment-method';
import type { Db } from '../../../shared/app-env';
import { offsetOf, sortOrder } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { purchaseOrder } from '../../db/commerce-schema';
import { paymentMethod, paymentPlatform } from '../../db/payments-schema';

export type MethodRow = typeof paymentMethod.$inferSelect;

/** Orders awaiting payment with the method (any builder's). */
export const unpaidOrderCount = sql<number>`(SELECT count(*) FROM ${purchaseOrder} WHERE ${purchaseOrder.paymentMethodId} = ${paymentMethod.id} AND ${purchaseOrder.status} = 'aguardando-pagamento')`.as('unpaid_order_count');

// Aliased: inside a batch, D1 answers rows keyed by column name (a bare `name` would collide with the method's).
const platformName = sql<string | null>`${paymentPlatform.name}`.as('platform_name');
const platformEnabled = sql<number | null>`${paymentPlatform.enabled}`.as('platform_enabled');

export function methodJson(row: MethodRow, platform: { name: string | null; enabled: number | boolean | null }, unpaid: number) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    platformId: row.platformId,
    platformName: platform.name ?? '',
    platformEnabled: platform.enabled === true || platform.enabled === 1,
    enabled: row.enabled,
    maxInstallments: row.maxInstallments,
    unpaidOrderCount: unpaid,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type MethodJson = ReturnType<typeof methodJson>;

/** Sort keys and search texts: the name and the kind's label (the platform's name is searched on its own row). */
export function methodColumns(input: { name: string; kind: PaymentKind }) {
  const kindLabel = PAYMENT_KIND_LABELS[input.kind];
  return { nameKey: sortKey(input.name), kindKey: sortKey(kindLabel), ...searchColumns([input.name, kindLabel]) };
}

const SORTS = {
  name: paymentMethod.nameKey,
  kind: paymentMethod.kindKey,
  platform: sql`coalesce(${paymentPlatform.nameKey}, '')`,
  maxInstallments: paymentMethod.maxInstallments,
  createdAt: paymentMethod.createdAt,
};

function selectMethods(db: Db) {
  return db
    .select({ row: paymentMethod, platformName, platformEnabled, unpaid: unpaidOrderCount })
    .from(paymentMethod)
    .leftJoin(paymentPlatform, eq(paymentPlatform.id, paymentMethod.platformId));
}

type Selected = { row: MethodRow; platformName: string | null; platformEnabled: number | null; unpaid: number };
const toJson = (found: Selected) => methodJson(found.row, { name: found.platformName, enabled: found.platformEnabled }, found.unpaid);

export async function listMethods(db: Db, query: PaymentMethodListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.filters.status) conditions.push(eq(paymentMethod.enabled, query.filters.status === 'enabled'));
  if (query.filters.kind) conditions.push(eq(paymentMethod.kind, query.filters.kind));
  if (query.filters.platform) conditions.push(eq(paymentMethod.platformId, query.filters.platform));
  const own = searchCondition(query.q, paymentMethod.search, paymentMethod.searchCompact);
  const onPlatform = searchCondition(query.q, paymentPlatform.search, paymentPlatform.searchCompact);
  if (own && onPlatform) {
    const platforms = db.select({ id: paymentPlatform.id }).from(paymentPlatform).where(onPlatform);
    conditions.push(or(own, inArray(paymentMethod.platformId, platforms)));
  }
  const where = and(...conditions);
  const [rows, totals] = await db.batch([
    selectMethods(db)
      .where(where)
      .orderBy(...sortOrder(query.sort, SORTS, paymentMethod.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(paymentMethod).where(where),
  ]);
  return { rows: rows.map(toJson), total: totals[0]?.total ?? 0 };
}

export async function findMethod(db: Db, id: string): Promise<MethodJson | null> {
  const [found] = await selectMethods(db).where(eq(paymentMethod.id, id)).limit(1);
  return found ? toJson(found) : null;
}

export async function findPlatformState(db: Db, id: string) {
  const [found] = await db
    .select({ id: paymentPlatform.id, name: paymentPlatform.name, enabled: paymentPlatform.enabled })
    .from(paymentPlatform)
    .where(eq(paymentPlatform.id, id))
    .limit(1);
  return found ?? null;
}

export async function unpaidOrdersOf(db: Db, methodId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(purchaseOrder)
    .where(and(eq(purchaseOrder.paymentMethodId, methodId), eq(purchaseOrder.status, 'aguardando-pagamento')));
  return row?.n ?? 0;
}

/**
 * What the checkout offers now: enabled methods on enabled platforms, by name, each with its platform's public key
 * (the page tokenises a card at the platform with it).
 */
export async function checkoutMethods(db: Db) {
  return db
    .select({
      id: paymentMethod.id,
      name: paymentMethod.name,
      kind: paymentMethod.kind,
      maxInstallments: paymentMethod.maxInstallments,
      publicKey: paymentPlatform.publicKey,
    })
    .from(paymentMethod)
    .innerJoin(paymentPlatform, eq(paymentPlatform.id, paymentMethod.platformId))
    .where(and(eq(paymentMethod.enabled, true), eq(paymentPlatform.enabled, true)))
    .orderBy(asc(paymentMethod.nameKey), asc(paymentMethod.id));
}
