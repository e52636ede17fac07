/**
 * Discount rules.
 *
 * - Staff (`/backoffice/discount-rule`, 403 for a customer's token): list (search over the name; filter
 *   `status=active|inactive`; sort minQuantity (default), name, percent, validFrom, validUntil, createdAt), `GET /:id`,
 *   `POST` (Idempotency-Key), `PUT /:id` (If-Match), `POST /:id/activate`, `POST /:id/deactivate`, `DELETE /:id`.
 *   Dates arrive as Brasília calendar days (`yyyy-mm-dd`; "Válida de" blank = today) and are stored as the instants
 *   the period starts and ends. An active rule that would contradict another active rule of an overlapping period
 *   is refused with the reason (409 `rule-conflict`, on the field it is about).
 * - Portal (`GET /discount-rule`, any signed-in builder): the rules in force now, by minimum quantity — what the
 *   checkout shows; orders are priced by the same rules on the server (src/testing/fake-api/resources/orders).
 */
import { http, HttpResponse } from 'msw';
import {
  discountRuleConflict,
  discountRuleInputSchema,
  discountRuleListQuery,
  discountRulePeriod,
  DISCOUNT_RULE_MESSAGES,
  ruleInForce,
  type DiscountRuleInput,
  type RuleTerms,
} from '@/contracts/discount-rule';
import { isoDayOf } from '@/contracts/validators/days';
import { list } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { adminOnly, apiError, authenticate, serialize, validationError, type HandlerContext } from '@/testing/fake-api/http';
import {
  createManaged,
  deleteManaged,
  getManaged,
  switchManaged,
  updateManaged,
  type ManagedSpec,
} from '@/testing/fake-api/managed-collection';
import type { DiscountRuleRecord } from '@/seed/discount-rules/records';

function ruleJson(record: DiscountRuleRecord) {
  return {
    id: record.id,
    name: record.name,
    minQuantity: record.minQuantity,
    percent: record.percent,
    active: record.active,
    validFrom: record.validFrom,
    validUntil: record.validUntil,
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The rules in force at `now`, by minimum quantity: the checkout's tiers. */
export function discountTiers(db: DemoDb, now: number) {
  return db.data.discountRules
    .filter((rule) => ruleInForce(rule, now))
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((rule) => ({ id: rule.id, name: rule.name, minQuantity: rule.minQuantity, percent: rule.percent, validUntil: rule.validUntil }));
}

/** 409 `rule-conflict` when `terms` (active) contradicts another active rule of an overlapping period. */
function conflictOf(db: DemoDb, terms: RuleTerms): Response | null {
  const conflict = discountRuleConflict(terms, db.data.discountRules);
  return conflict ? apiError(409, 'rule-conflict', conflict.message, { field: conflict.field }) : null;
}

export function discountRuleHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const base = `${apiUrl}/backoffice/discount-rule`;

  const spec: ManagedSpec<DiscountRuleRecord> = {
    kind: 'discount-rule',
    notFoundMessage: DISCOUNT_RULE_MESSAGES.notFound,
    records: (current) => current.data.discountRules,
    toJson: ruleJson,
  };

  /** The stored terms of an input: the period's instants ("Válida de" blank is today, in Brasília). */
  const termsOf = (input: DiscountRuleInput) => ({
    name: input.name,
    minQuantity: input.minQuantity,
    percent: input.percent,
    active: input.active,
    ...discountRulePeriod(input, isoDayOf(Date.now())),
  });

  const check = (input: DiscountRuleInput, current: DiscountRuleRecord | null): Response | null => {
    const terms = termsOf(input);
    // Only a blank "Válida de" (today) can make an end before the start here: the schema compared two typed days.
    if (terms.validUntil !== null && terms.validUntil < terms.validFrom) {
      return validationError(DISCOUNT_RULE_MESSAGES.period, 'validUntil');
    }
    return conflictOf(db, { id: current?.id ?? '', ...terms });
  };

  return [
    http.get(`${apiUrl}/discount-rule`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const data = discountTiers(db, Date.now());
      return HttpResponse.json({
        data: serialize(data),
        meta: { page: 1, perPage: Math.max(1, data.length), total: data.length },
      });
    }),

    http.get(base, adminOnly(ctx, ({ request }) => {
      return list(db.data.discountRules, {
        query: discountRuleListQuery.parse(new URL(request.url).searchParams),
        searchFields: ['name'],
        filters: { status: (rule, status) => rule.active === (status === 'active') },
        sorts: {
          name: (rule) => rule.name,
          minQuantity: (rule) => rule.minQuantity,
          percent: (rule) => rule.percent,
          validFrom: (rule) => rule.validFrom,
          validUntil: (rule) => rule.validUntil,
          createdAt: (rule) => rule.createdAt,
        },
        toJson: ruleJson,
      });
    })),

    http.get(`${base}/:id`, adminOnly(ctx, ({ params }) => getManaged(ctx, String(params.id), spec))),

    http.post(base, adminOnly(ctx, ({ request, principal }) => {
      return createManaged(request, ctx, principal, {
        ...spec,
        schema: discountRuleInputSchema,
        check,
        build: (input, now) => ({ ...termsOf(input), createdAt: now }),
      });
    })),

    http.put(`${base}/:id`, adminOnly(ctx, ({ request, params }) => {
      return updateManaged(request, ctx, String(params.id), {
        ...spec,
        schema: discountRuleInputSchema,
        check,
        apply(record, input: DiscountRuleInput) {
          Object.assign(record, termsOf(input));
        },
      });
    })),

    http.post(`${base}/:id/activate`, adminOnly(ctx, ({ request, params }) => {
      return switchManaged(request, ctx, String(params.id), {
        ...spec,
        unchanged: (record) => record.active,
        change(record) {
          const refusal = conflictOf(db, { ...record, active: true });
          if (refusal) return refusal;
          record.active = true;
          return null;
        },
      });
    })),

    http.post(`${base}/:id/deactivate`, adminOnly(ctx, ({ request, params }) => {
      return switchManaged(request, ctx, String(params.id), {
        ...spec,
        unchanged: (record) => !record.active,
        change(record) {
          record.active = false;
          return null;
        },
      });
    })),

    // Orders keep the rule's name and percent they were priced with: a rule can always be deleted.
    http.delete(
      `${base}/:id`,
      adminOnly(ctx, ({ request, params }) => deleteManaged(request, ctx, String(params.id), spec)),
    ),
  ];
}
