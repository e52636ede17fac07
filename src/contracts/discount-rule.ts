/**
 * Discount rule ("Regras de Desconto"): a percentage off an order from a minimum quantity of units, within a
 * validity period. One contract for the back office's form, its API slice, the checkout's tiers and the demo
 * backend.
 *
 * - Percent: a whole number from 1 to 50 (12,5 is refused: "Use um número inteiro de 1 a 50.").
 * - Validity: calendar days in Brasília (`validators/days.ts`); "Válida de" blank is the day it is saved, "Válida
 *   até" blank is open-ended; the last day counts in full.
 * - Active rules whose periods overlap must form a ladder: never the same minimum quantity twice, and a larger
 *   minimum always with a larger percent (`discountRuleConflict`), so an order's discount is never ambiguous.
 */
import { z } from 'zod';
import { defineListQuery, requiredText } from './common';
import type { DiscountTier as PricingTier } from './pricing';
import { dayEnd, dayStart, isIsoDay } from './validators/days';
import { integerField } from './validators/numbers';

export interface DiscountRule {
  id: string;
  name: string;
  minQuantity: number;
  percent: number;
  active: boolean;
  validFrom: Date;
  /** null: no end. */
  validUntil: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A rule as the portal's checkout applies it (`GET /discount-rule`): active and valid now — pricing's tier, with the
 * last day it is valid.
 */
export interface DiscountTier extends PricingTier {
  validUntil: Date | null;
}

export const MAX_DISCOUNT_PERCENT = 50;
export const MAX_MIN_QUANTITY = 100_000;

export const DISCOUNT_RULE_MESSAGES = {
  name: 'Informe o nome.',
  minQuantityEmpty: 'Informe a quantidade mínima.',
  minQuantity: 'Use um número inteiro de 1 a 100.000.',
  percentEmpty: 'Informe o desconto.',
  percent: `Use um número inteiro de 1 a ${MAX_DISCOUNT_PERCENT}.`,
  day: 'Data inválida. Use o formato dd/mm/aaaa.',
  period: 'A data final deve ser depois da inicial.',
  notFound: 'Regra de desconto não encontrada.',
} as const;

const dayField = z
  .string({ error: DISCOUNT_RULE_MESSAGES.day })
  .trim()
  .refine((value) => value === '' || isIsoDay(value), { error: DISCOUNT_RULE_MESSAGES.day })
  .default('');

export const discountRuleInputSchema = z
  .object({
    name: requiredText(DISCOUNT_RULE_MESSAGES.name, 80),
    minQuantity: integerField({
      min: 1,
      max: MAX_MIN_QUANTITY,
      empty: DISCOUNT_RULE_MESSAGES.minQuantityEmpty,
      invalid: DISCOUNT_RULE_MESSAGES.minQuantity,
    }),
    percent: integerField({
      min: 1,
      max: MAX_DISCOUNT_PERCENT,
      empty: DISCOUNT_RULE_MESSAGES.percentEmpty,
      invalid: DISCOUNT_RULE_MESSAGES.percent,
    }),
    /** `yyyy-mm-dd`, or '' for the day it is saved. */
    validFrom: dayField,
    /** `yyyy-mm-dd`, or '' for no end. */
    validUntil: dayField,
    active: z.boolean({ error: 'Valor inválido.' }).default(true),
  })
  .superRefine((value, ctx) => {
    // Same-day periods are fine (the whole day); ISO days compare as text.
    if (value.validFrom && value.validUntil && value.validUntil < value.validFrom) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_RULE_MESSAGES.period, path: ['validUntil'] });
    }
  });

/** What the form holds (numbers as typed, days as `yyyy-mm-dd`). */
export type DiscountRuleFormValues = z.input<typeof discountRuleInputSchema>;
/** What the API receives. */
export type DiscountRuleInput = z.output<typeof discountRuleInputSchema>;

/** The instants of a rule's period: from 00:00 of its first day to the end of its last day (Brasília). */
export function discountRulePeriod(input: Pick<DiscountRuleInput, 'validFrom' | 'validUntil'>, today: string) {
  return {
    validFrom: dayStart(input.validFrom || today),
    validUntil: input.validUntil ? dayEnd(input.validUntil) : null,
  };
}

export const DISCOUNT_RULE_STATUSES = ['active', 'inactive'] as const;
export type DiscountRuleStatus = (typeof DISCOUNT_RULE_STATUSES)[number];

export type DiscountRuleSortKey = 'name' | 'minQuantity' | 'percent' | 'validFrom' | 'validUntil' | 'createdAt';

export const discountRuleListQuery = defineListQuery<DiscountRuleSortKey, { status: DiscountRuleStatus }>({
  sortKeys: ['name', 'minQuantity', 'percent', 'validFrom', 'validUntil', 'createdAt'],
  defaultSort: 'minQuantity',
  filters: { status: DISCOUNT_RULE_STATUSES },
});

export type DiscountRuleListQuery = ReturnType<typeof discountRuleListQuery.parse>;

// ---- the ladder of active rules ----

/** What the conflict check needs of a rule; times in epoch ms, `validUntil` null for no end. */
export interface RuleTerms {
  id: string;
  name: string;
  minQuantity: number;
  percent: number;
  active: boolean;
  validFrom: number;
  validUntil: number | null;
}

/** Why a rule cannot be active beside another, on the field the message is about. */
export interface RuleConflict {
  field: 'minQuantity' | 'percent';
  message: string;
  /** The rule it conflicts with. */
  ruleId: string;
}

function periodsOverlap(a: Pick<RuleTerms, 'validFrom' | 'validUntil'>, b: Pick<RuleTerms, 'validFrom' | 'validUntil'>): boolean {
  const aEnd = a.validUntil ?? Number.POSITIVE_INFINITY;
  const bEnd = b.validUntil ?? Number.POSITIVE_INFINITY;
  return a.validFrom <= bEnd && b.validFrom <= aEnd;
}

export function sameMinimumMessage(minQuantity: number, otherName: string): string {
  return `Já existe uma regra ativa com quantidade mínima ${minQuantity} no mesmo período: ${otherName}.`;
}

export function contradictoryRuleMessage(otherName: string): string {
  return `Conflita com a regra "${otherName}": uma quantidade maior precisa de um desconto maior.`;
}

/**
 * Whether `rule`, active, contradicts an active rule among `others` whose period overlaps its own: the same minimum
 * quantity, or a larger minimum with a smaller-or-equal percent (or a smaller minimum with a larger-or-equal one).
 * An inactive rule conflicts with nothing. The first conflict in `others`' order, or null.
 */
export function discountRuleConflict(rule: RuleTerms, others: readonly RuleTerms[]): RuleConflict | null {
  if (!rule.active) return null;
  for (const other of others) {
    if (other.id === rule.id || !other.active || !periodsOverlap(rule, other)) continue;
    if (other.minQuantity === rule.minQuantity) {
      return { field: 'minQuantity', message: sameMinimumMessage(rule.minQuantity, other.name), ruleId: other.id };
    }
    const contradicts =
      (other.minQuantity < rule.minQuantity && other.percent >= rule.percent) ||
      (other.minQuantity > rule.minQuantity && other.percent <= rule.percent);
    if (contradicts) return { field: 'percent', message: contradictoryRuleMessage(other.name), ruleId: other.id };
  }
  return null;
}

/** A rule in force at `now`: active and within its period. */
export function ruleInForce(rule: Pick<RuleTerms, 'active' | 'validFrom' | 'validUntil'>, now: number): boolean {
  return rule.active && rule.validFrom <= now && (rule.validUntil === null || rule.validUntil >= now);
}

/** The tier an order of `units` reaches: the one with the highest minimum it meets, or null. */
export function discountTierFor<T extends Pick<DiscountTier, 'minQuantity'>>(tiers: readonly T[], units: number): T | null {
  let best: T | null = null;
  for (const tier of tiers) {
    if (units >= tier.minQuantity && (best === null || tier.minQuantity > best.minQuantity)) best = tier;
  }
  return best;
}
