/** The demo database's discount rule: see `DiscountRule` in src/contracts/discount-rule.ts. Times in epoch ms. */
import type { Stamped } from '@/seed/stored';

export interface DiscountRuleRecord extends Stamped {
  id: string;
  name: string;
  minQuantity: number;
  percent: number;
  active: boolean;
  validFrom: number;
  /** null: no end. */
  validUntil: number | null;
  createdAt: number;
}
