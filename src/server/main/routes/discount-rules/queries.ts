/** Discount rules' SQL (platform-wide rows: no owner) and the ladder check. */
import { and, asc, count, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  discountRuleConflict,
  discountRulePeriod,
  DISCOUNT_RULE_MESSAGES,
  type DiscountRuleInput,
  type DiscountRuleListQuery,
  type RuleTerms,
} from '@/contracts/discount-rule';
import { isoDayOf } from '@/contracts/validators/days';
import type { Db } from '../../../shared/app-env';
import { ApiError, validationError } from '../../../shared/errors';
import { offsetOf, sortOrder } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { discountRule } from '../../db/payments-schema';

export type RuleRow = typeof discountRule.$inferSelect;

export function ruleJson(row: RuleRow) {
  return {
    id: row.id,
    name: row.name,
    minQuantity: row.minQuantity,
    percent: row.percent,
    active: row.active,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The stored terms of an input: the period's instants ("Válida de" blank is today, in Brasília). */
export function termsOf(input: DiscountRuleInput, now = Date.now()) {
  return {
    name: input.name,
    minQuantity: input.minQuantity,
    percent: input.percent,
    active: input.active,
    ...discountRulePeriod(input, isoDayOf(now)),
  };
}

export function ruleColumns(input: { name: string }) {
  return { nameKey: sortKey(input.name), ...searchColumns([input.name]) };
}

const SORTS = {
  name: discountRule.nameKey,
  minQuantity: discountRule.minQuantity,
  percent: discountRule.percent,
  validFrom: discountRule.validFrom,
  validUntil: discountRule.validUntil,
  createdAt: discountRule.createdAt,
};

export async function listRules(db: Db, query: DiscountRuleListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.filters.status) conditions.push(eq(discountRule.active, query.filters.status === 'active'));
  conditions.push(searchCondition(query.q, discountRule.search, discountRule.searchCompact) ?? undefined);
  const where = and(...conditions);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(discountRule)
      .where(where)
      .orderBy(...sortOrder(query.sort, SORTS, discountRule.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(discountRule).where(where),
  ]);
  return { rows: rows.map(ruleJson), total: totals[0]?.total ?? 0 };
}

export async function findRule(db: Db, id: string): Promise<RuleRow | null> {
  const [row] = await db.select().from(discountRule).where(eq(discountRule.id, id)).limit(1);
  return row ?? null;
}

/** The rules in force at `now`, by minimum quantity: the checkout's tiers. */
export async function rulesInForce(db: Db, now: number) {
  return db
    .select({
      id: discountRule.id,
      name: discountRule.name,
      minQuantity: discountRule.minQuantity,
      percent: discountRule.percent,
      validUntil: discountRule.validUntil,
    })
    .from(discountRule)
    .where(
      and(
        eq(discountRule.active, true),
        lte(discountRule.validFrom, now),
        or(isNull(discountRule.validUntil), gte(discountRule.validUntil, now)),
      ),
    )
    .orderBy(asc(discountRule.minQuantity), asc(discountRule.id));
}

/**
 * The ladder's rule as SQL, for the guard of the write itself (`WHERE NOT …`): an active rule other than `terms.id`
 * whose period overlaps and that `terms` contradicts (`discountRuleConflict`: the same minimum, or a larger minimum
 * without a larger percent, or a smaller one without a smaller percent). `checkLadder` names the rule; this makes
 * two concurrent writes unable to both pass it.
 */
export function ladderConflict(terms: RuleTerms): SQL {
  const { minQuantity, percent } = terms;
  return sql`EXISTS (SELECT 1 FROM ${discountRule} AS other WHERE other.active = 1 AND other.id <> ${terms.id}
    AND (other.valid_until IS NULL OR other.valid_until >= ${terms.validFrom})
    AND ${terms.validUntil === null ? sql`1` : sql`other.valid_from <= ${terms.validUntil}`}
    AND (other.min_quantity = ${minQuantity}
      OR (other.min_quantity < ${minQuantity} AND other.percent >= ${percent})
      OR (other.min_quantity > ${minQuantity} AND other.percent <= ${percent})))`;
}

/**
 * The ladder: 409 `rule-conflict` (on the field it is about) when `terms`, active, contradicts another active rule
 * of an overlapping period; 400 when a blank "Válida de" (today) puts the end before the start.
 */
export async function checkLadder(db: Db, terms: RuleTerms): Promise<void> {
  if (terms.validUntil !== null && terms.validUntil < terms.validFrom) throw validationError(DISCOUNT_RULE_MESSAGES.period, 'validUntil');
  if (!terms.active) return;
  const active = await db
    .select({
      id: discountRule.id,
      name: discountRule.name,
      minQuantity: discountRule.minQuantity,
      percent: discountRule.percent,
      active: discountRule.active,
      validFrom: discountRule.validFrom,
      validUntil: discountRule.validUntil,
    })
    .from(discountRule)
    .where(eq(discountRule.active, true))
    // The demo's order (records as created): the first conflict is named.
    .orderBy(asc(discountRule.id));
  const conflict = discountRuleConflict(terms, active);
  if (conflict) throw new ApiError(409, 'rule-conflict', conflict.message, { field: conflict.field });
}
