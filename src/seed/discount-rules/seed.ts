/**
 * The seeded discount rules, a ladder the conflict check accepts: 5 units → 5 %, 10 → 8 % (new this week), 20 → 12 %,
 * a Black Friday week at 50 → 15 %, and an old launch promotion, inactive. The seeded orders were priced by the first
 * and the third (src/seed/orders/seed.ts).
 */
import { DAY } from '@/seed/utils';
import { stamp } from '@/seed/stored';
import type { DiscountRuleRecord } from './records';

export function seedDiscountRules(now: number): DiscountRuleRecord[] {
  return stamp(
    [
      { id: 'discount-rule-1001', name: 'Lote de 5 gateways', minQuantity: 5, percent: 5, active: true, validFrom: now - 200 * DAY, validUntil: null, createdAt: now - 200 * DAY },
      { id: 'discount-rule-1002', name: 'Lote de 20 gateways', minQuantity: 20, percent: 12, active: true, validFrom: now - 200 * DAY, validUntil: null, createdAt: now - 200 * DAY },
      { id: 'discount-rule-1003', name: 'Black Friday 2026', minQuantity: 50, percent: 15, active: true, validFrom: now - 2 * DAY, validUntil: now + 8 * DAY, createdAt: now - 10 * DAY },
      { id: 'discount-rule-1004', name: 'Lote de 10 gateways', minQuantity: 10, percent: 8, active: true, validFrom: now - 5 * DAY, validUntil: null, createdAt: now - 5 * DAY },
      { id: 'discount-rule-1005', name: 'Promoção de lançamento', minQuantity: 3, percent: 3, active: false, validFrom: now - 420 * DAY, validUntil: now - 330 * DAY, createdAt: now - 420 * DAY },
    ],
    now,
  );
}
