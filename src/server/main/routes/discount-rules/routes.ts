/**
 * Discount rules.
 *
 * - Staff (`/backoffice/discount-rule`): list (search over the name; filter `status=active|inactive`; sort
 *   minQuantity (default), name, percent, validFrom, validUntil, createdAt), get, create (Idempotency-Key), update
 *   (If-Match), activate, deactivate, delete. Dates arrive as Brasília days and are stored as the instants the
 *   period starts and ends. An active rule contradicting another active rule of an overlapping period is refused
 *   with the reason (409 `rule-conflict`, on the field it is about). The ladder is checked (to name the rule) and
 *   then held by the write itself (`ladderConflict` in its WHERE): of two concurrent writes that contradict each
 *   other, one is kept and the other, checked again, refused.
 * - Portal (`GET /discount-rule`, 'read'): the rules in force now, by minimum quantity (the checkout's tiers).
 */
import { and, eq, not, sql } from 'drizzle-orm';
import { discountRuleInputSchema, discountRuleListQuery, DISCOUNT_RULE_MESSAGES } from '@/contracts/discount-rule';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { notFound } from '../../../shared/errors';
import { insertWhere } from '../../../shared/db/guarded';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errors, json } from '../../../shared/openapi';
import { createRoute, deleteRoute, getRoute, listRoute, toggleRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, staleOrGone, versionIs, type VersionedTarget } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { discountRule } from '../../db/payments-schema';
import { nextUpdatedAt, optionalVersion } from '../payment-platforms/managed';
import { checkLadder, findRule, ladderConflict, listRules, ruleColumns, ruleJson, rulesInForce, termsOf } from './queries';
import { discountRulePageSchema, discountRuleSchema, discountTierPageSchema } from './schemas';

const TAG = 'Regras de desconto';
const BASE = '/backoffice/discount-rule';
/** Writes lost to a concurrent one in a row before giving up (each loss: the record or the ladder changed). */
const MAX_ATTEMPTS = 3;

/** A guarded write on the rule that changed nothing: 409 with it as it is now, or 404. */
const ruleTarget = (db: Db, id: string): VersionedTarget => ({
  current: async () => {
    const now = await findRule(db, id);
    return now && ruleJson(now);
  },
  notFound: DISCOUNT_RULE_MESSAGES.notFound,
});

export function discountRuleRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/discount-rule',
      tags: [TAG],
      summary: 'As regras de desconto em vigor (faixas do checkout)',
      responses: { 200: json(discountTierPageSchema, 'As faixas, por quantidade mínima.'), 401: errors[401] },
    }),
    async (c) => {
      const data = await rulesInForce(c.var.db, Date.now());
      return c.json({ data: serialize(data), meta: { page: 1, perPage: Math.max(1, data.length), total: data.length } } as never, 200);
    },
  );

  app.openapi(
    listRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Lista as regras de desconto',
      page: discountRulePageSchema, description: 'Uma página de regras.', filters: ['status'], errors: [401, 403],
    }),
    async (c) => {
      const query = discountRuleListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listRules(c.var.db, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Uma regra de desconto',
      item: discountRuleSchema, description: 'A regra.', errors: [401, 403, 404],
    }),
    async (c) => {
      const found = await findRule(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(DISCOUNT_RULE_MESSAGES.notFound);
      return c.json(serialize(ruleJson(found)) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Cria uma regra de desconto',
      input: discountRuleInputSchema, item: discountRuleSchema, description: 'Criada.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const { db } = c.var;
        const now = Date.now();
        const terms = termsOf(c.req.valid('json'), now);
        await checkLadder(db, { id: '', ...terms });
        const row = { id: await nextId(db, 'discount-rule'), ...terms, ...ruleColumns(terms), version: 1, createdAt: now, updatedAt: now };
        const body = serialize(ruleJson(row));
        if (!terms.active) return { status: 201, body, writes: [db.insert(discountRule).values(row)] };
        // Kept only if no active rule it contradicts was written since the check (else checked again: 409).
        const insert = insertWhere(db, discountRule, row, sql`NOT ${ladderConflict(row)}`);
        const applied = sql`EXISTS (SELECT 1 FROM ${discountRule} WHERE id = ${row.id})`;
        return { status: 201, body, writes: [insert], applied };
      }),
  );

  app.openapi(
    updateRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Altera uma regra de desconto (If-Match)',
      input: discountRuleInputSchema, item: discountRuleSchema, description: 'Alterada.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      for (let attempt = 1; ; attempt += 1) {
        const current = await findRule(db, id);
        if (!current) throw notFound(DISCOUNT_RULE_MESSAGES.notFound);
        const version = requireVersion(c.req.raw, await c.req.json());
        if (version !== current.version) throw versionConflict(ruleJson(current));
        const terms = termsOf(c.req.valid('json'));
        await checkLadder(db, { id, ...terms });
        const [updated] = await db
          .update(discountRule)
          .set({ ...terms, ...ruleColumns(terms), version: sql`${discountRule.version} + 1`, updatedAt: nextUpdatedAt(current.updatedAt) })
          .where(and(eq(discountRule.id, id), eq(discountRule.version, version), terms.active ? not(ladderConflict({ id, ...terms })) : undefined))
          .returning();
        if (updated) return c.json(serialize(ruleJson(updated)) as never, 200);
        // Gone, another version, or a contradicting rule written since the check: checked again.
        if (attempt >= MAX_ATTEMPTS) return staleOrGone(ruleTarget(db, id));
      }
    },
  );

  for (const active of [true, false]) {
    app.openapi(
      toggleRoute({
        path: `${BASE}/{id}`, tag: TAG, access: 'staff', active,
        summary: active ? 'Ativa uma regra (se não conflitar com as ativas)' : 'Desativa uma regra',
        item: discountRuleSchema, description: 'A regra.',
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db } = c.var;
        for (let attempt = 1; ; attempt += 1) {
          const current = await findRule(db, id);
          if (!current) throw notFound(DISCOUNT_RULE_MESSAGES.notFound);
          if (current.active === active) return c.json(serialize(ruleJson(current)) as never, 200);
          const version = optionalVersion(c.req.raw);
          if (version !== null && version !== current.version) throw versionConflict(ruleJson(current));
          if (active) await checkLadder(db, { ...current, active: true });
          const [updated] = await db
            .update(discountRule)
            .set({ active, version: sql`${discountRule.version} + 1`, updatedAt: nextUpdatedAt(current.updatedAt) })
            .where(
              and(
                eq(discountRule.id, id),
                eq(discountRule.version, current.version),
                active ? not(ladderConflict({ ...current, active: true })) : undefined,
              ),
            )
            .returning();
          if (updated) return c.json(serialize(ruleJson(updated)) as never, 200);
        // Gone, changed, or a contradicting rule activated since the check: checked again.
          if (attempt >= MAX_ATTEMPTS) return staleOrGone(ruleTarget(db, id));
        }
      },
    );
  }

  // Orders keep the rule's name and percent they were priced with: a rule can always be deleted.
  app.openapi(
    deleteRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Exclui uma regra de desconto',
      description: 'Excluída.', errors: [401, 403, 404, 409, 428],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await findRule(db, id);
      if (!current) throw notFound(DISCOUNT_RULE_MESSAGES.notFound);
      const version = optionalVersion(c.req.raw);
      if (version !== null && version !== current.version) throw versionConflict(ruleJson(current));
      await deleteVersioned(
        db.delete(discountRule).where(and(eq(discountRule.id, id), versionIs(discountRule.version, version))).returning({ id: discountRule.id }),
        ruleTarget(db, id),
      );
      return c.body(null, 204);
    },
  );
}
