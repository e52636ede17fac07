import { describe, expect, it } from 'vitest';
import {
  contradictoryRuleMessage,
  discountRuleConflict,
  discountRuleInputSchema,
  discountRulePeriod,
  discountTierFor,
  ruleInForce,
  sameMinimumMessage,
  type RuleTerms,
} from '../discount-rule';
import { dayEnd, dayStart, formatDay, isIsoDay, isoDayOf } from '../validators/days';

const valid = { name: 'Lote de 10 gateways', minQuantity: '10', percent: '8', validFrom: '2026-11-01', validUntil: '', active: true };

function issues(input: unknown): Array<[string, string]> {
  const result = discountRuleInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('discount rule contract', () => {
  it('parses whole numbers as typed', () => {
    expect(discountRuleInputSchema.parse(valid)).toEqual({ ...valid, minQuantity: 10, percent: 8 });
  });

  it('percent: whole numbers from 1 to 50 only — 0, 51 and 12,5 are refused with one message', () => {
    for (const percent of ['0', '51', '12,5', '12.5', 12.5, '-5', 'dez']) {
      expect(issues({ ...valid, percent })).toEqual([['percent', 'Use um número inteiro de 1 a 50.']]);
    }
    expect(issues({ ...valid, percent: '' })).toEqual([['percent', 'Informe o desconto.']]);
    expect(issues({ ...valid, percent: '50' })).toEqual([]);
    expect(issues({ ...valid, percent: 1 })).toEqual([]);
  });

  it('minimum quantity: a whole number of units', () => {
    expect(issues({ ...valid, minQuantity: '' })).toEqual([['minQuantity', 'Informe a quantidade mínima.']]);
    expect(issues({ ...valid, minQuantity: '0' })).toEqual([['minQuantity', 'Use um número inteiro de 1 a 100.000.']]);
    expect(issues({ ...valid, minQuantity: '2,5' })).toEqual([['minQuantity', 'Use um número inteiro de 1 a 100.000.']]);
  });

  it('refuses an inverted period and impossible days; one day is a valid period', () => {
    expect(issues({ ...valid, validFrom: '2026-11-30', validUntil: '2026-11-27' })).toEqual([
      ['validUntil', 'A data final deve ser depois da inicial.'],
    ]);
    expect(issues({ ...valid, validFrom: '2026-11-27', validUntil: '2026-11-27' })).toEqual([]);
    expect(issues({ ...valid, validFrom: '2026-02-30' })).toEqual([['validFrom', 'Data inválida. Use o formato dd/mm/aaaa.']]);
  });

  it('days are Brasília calendar days, the last one counting in full', () => {
    expect(isIsoDay('2026-11-27')).toBe(true);
    expect(isIsoDay('27/11/2026')).toBe(false);
    expect(new Date(dayStart('2026-11-27')).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(new Date(dayEnd('2026-11-27')).toISOString()).toBe('2026-11-28T02:59:59.999Z');
    expect(isoDayOf(dayEnd('2026-11-27'))).toBe('2026-11-27');
    expect(isoDayOf(Date.UTC(2026, 10, 28, 2, 0))).toBe('2026-11-27');
    expect(formatDay(dayStart('2026-01-05'))).toBe('05/01/2026');
    expect(discountRulePeriod({ validFrom: '', validUntil: '' }, '2026-11-23')).toEqual({ validFrom: dayStart('2026-11-23'), validUntil: null });
  });

  describe('the ladder of active rules', () => {
    const DAY = 86_400_000;
    const rule = (id: string, name: string, minQuantity: number, percent: number, extra: Partial<RuleTerms> = {}): RuleTerms => ({
      id,
      name,
      minQuantity,
      percent,
      active: true,
      validFrom: 0,
      validUntil: null,
      ...extra,
    });
    const ladder = [rule('a', 'Lote de 5 gateways', 5, 5), rule('b', 'Lote de 20 gateways', 20, 12)];

    it('accepts a tier that keeps the ladder increasing', () => {
      expect(discountRuleConflict(rule('n', 'Lote de 10', 10, 8), ladder)).toBeNull();
      expect(discountRuleConflict(rule('n', 'Lote de 50', 50, 15), ladder)).toBeNull();
    });

    it('refuses the same minimum quantity in the same period', () => {
      expect(discountRuleConflict(rule('n', 'Outra de 20', 20, 15), ladder)).toEqual({
        field: 'minQuantity',
        message: 'Já existe uma regra ativa com quantidade mínima 20 no mesmo período: Lote de 20 gateways.',
        ruleId: 'b',
      });
      expect(sameMinimumMessage(20, 'Lote de 20 gateways')).toBe(
        'Já existe uma regra ativa com quantidade mínima 20 no mesmo período: Lote de 20 gateways.',
      );
    });

    it('refuses a higher tier with a lower or equal percent, and a lower tier with a higher or equal one', () => {
      expect(discountRuleConflict(rule('n', 'Lote de 30', 30, 10), ladder)?.message).toBe(
        'Conflita com a regra "Lote de 20 gateways": uma quantidade maior precisa de um desconto maior.',
      );
      expect(discountRuleConflict(rule('n', 'Lote de 10', 10, 12), ladder)?.message).toBe(contradictoryRuleMessage('Lote de 20 gateways'));
      expect(discountRuleConflict(rule('n', 'Lote de 10', 10, 5), ladder)?.message).toBe(contradictoryRuleMessage('Lote de 5 gateways'));
      expect(discountRuleConflict(rule('n', 'Qualquer um', 1, 10), ladder)?.field).toBe('percent');
    });

    it('only active rules of overlapping periods count; an inactive rule conflicts with nothing', () => {
      const promo = rule('n', 'Promoção', 1, 10, { validFrom: 10 * DAY, validUntil: 20 * DAY });
      const past = [rule('a', 'Antiga', 5, 5, { validFrom: 0, validUntil: 9 * DAY })];
      expect(discountRuleConflict(promo, past)).toBeNull();
      expect(discountRuleConflict(promo, [rule('a', 'Inativa', 5, 5, { active: false })])).toBeNull();
      expect(discountRuleConflict({ ...promo, active: false }, ladder)).toBeNull();
      // The same rule, edited, is not its own conflict.
      expect(discountRuleConflict(rule('b', 'Lote de 20 gateways', 20, 13), ladder)).toBeNull();
    });

    it('in force: active and within its period; the best tier an order reaches applies', () => {
      expect(ruleInForce(rule('a', 'x', 1, 1, { validFrom: 10, validUntil: 20 }), 15)).toBe(true);
      expect(ruleInForce(rule('a', 'x', 1, 1, { validFrom: 10, validUntil: 20 }), 21)).toBe(false);
      expect(ruleInForce(rule('a', 'x', 1, 1, { active: false }), 15)).toBe(false);
      expect(discountTierFor(ladder, 4)).toBeNull();
      expect(discountTierFor(ladder, 19)?.id).toBe('a');
      expect(discountTierFor(ladder, 20)?.id).toBe('b');
    });
  });
});
