import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountLabel, nextTierMessage, priceCart, SHIPPING_CENTS, type DiscountTier, type PricedLine } from '../pricing';

const TIERS: DiscountTier[] = [
  { id: 'r20', name: 'Lote de 20 gateways', minQuantity: 20, percent: 12 },
  { id: 'r5', name: 'Lote de 5 gateways', minQuantity: 5, percent: 5 },
  { id: 'r10', name: 'Lote de 10 gateways', minQuantity: 10, percent: 8 },
  { id: 'r50', name: 'Black Friday 2026', minQuantity: 50, percent: 15 },
];
const tier = (id: string) => TIERS.find((candidate) => candidate.id === id);

const gateways = (quantity: number, unitPrice = 149_000): PricedLine => ({
  productId: 'product-g1-eth',
  quantity,
  unitPrice,
  countsForDiscount: true,
});
const plans = (quantity: number, unitPrice = 59_880): PricedLine => ({
  productId: 'product-plan-12m',
  quantity,
  unitPrice,
  countsForDiscount: false,
});

describe('priceCart', () => {
  it('prices a cart below every tier: subtotal, shipping, the first tier as next', () => {
    expect(priceCart([gateways(2)], TIERS)).toEqual({
      quantity: 2,
      subtotal: 298_000,
      discount: 0,
      rule: null,
      shipping: SHIPPING_CENTS,
      total: 298_000 + 4590,
      nextTier: { rule: tier('r5'), missing: 3 },
    });
  });

  it('applies the highest tier reached, over every line, and counts only gateways', () => {
    // 12 gateways (plans do not count) → "Lote de 10 gateways", 8 % of the whole subtotal.
    const price = priceCart([gateways(12), plans(30)], TIERS);
    expect(price.quantity).toBe(12);
    expect(price.subtotal).toBe(12 * 149_000 + 30 * 59_880);
    expect(price.rule).toEqual(tier('r10'));
    expect(price.discount).toBe(Math.round((price.subtotal * 8) / 100));
    expect(price.nextTier).toEqual({ rule: tier('r20'), missing: 8 });
    expect(price.total).toBe(price.subtotal - price.discount + SHIPPING_CENTS);
  });

  it('reaches a tier at exactly its minimum', () => {
    expect(priceCart([gateways(5)], TIERS).rule?.id).toBe('r5');
    expect(priceCart([gateways(4)], TIERS).rule).toBeNull();
    expect(priceCart([gateways(50)], TIERS).rule?.id).toBe('r50');
    expect(priceCart([gateways(50)], TIERS).nextTier).toBeNull();
  });

  it('rounds the discount half up to the centavo', () => {
    // 5 % of 10 = 0,5 → 1; 5 % of 9 = 0,45 → 0; 5 % of 30 = 1,5 → 2; 12 % of 1.234 = 148,08 → 148.
    const discount = (unitPrice: number, quantity: number, tiers = TIERS) => priceCart([gateways(quantity, unitPrice)], tiers).discount;
    expect(discount(2, 5)).toBe(1);
    expect(discount(9, 1, [{ id: 'x', name: 'x', minQuantity: 1, percent: 5 }])).toBe(0);
    expect(discount(6, 5)).toBe(2);
    expect(discount(1_234, 1, [{ id: 'x', name: 'x', minQuantity: 1, percent: 12 }])).toBe(148);
  });

  it('on the same minimum, takes the higher percent', () => {
    const tiers: DiscountTier[] = [
      { id: 'a', name: 'A', minQuantity: 5, percent: 5 },
      { id: 'b', name: 'B', minQuantity: 5, percent: 7 },
    ];
    expect(priceCart([gateways(5)], tiers).rule?.id).toBe('b');
    expect(priceCart([gateways(1)], tiers).nextTier).toEqual({ rule: tiers[1], missing: 4 });
  });

  it('points next only at a tier with a higher percent', () => {
    // An inconsistent ladder: 30 units at 4 % is not worth reaching from 10 units at 8 %.
    const tiers: DiscountTier[] = [...TIERS, { id: 'r30', name: 'Lote de 30', minQuantity: 30, percent: 4 }];
    expect(priceCart([gateways(25)], tiers).nextTier).toEqual({ rule: tier('r50'), missing: 25 });
    expect(priceCart([gateways(30)], tiers).rule?.id).toBe('r30');
  });

  it('charges shipping only with gateways, unless told', () => {
    expect(priceCart([plans(2)], TIERS)).toMatchObject({ quantity: 0, shipping: 0, total: 2 * 59_880, rule: null });
    expect(priceCart([plans(2)], TIERS).nextTier).toEqual({ rule: tier('r5'), missing: 5 });
    expect(priceCart([gateways(1)], TIERS, { shipping: 0 }).shipping).toBe(0);
    expect(priceCart([plans(1)], TIERS, { shipping: 1000 }).total).toBe(59_880 + 1000);
    expect(priceCart([gateways(0), plans(1)], TIERS).shipping).toBe(0);
  });

  it('prices an empty cart at zero', () => {
    expect(priceCart([], [])).toEqual({ quantity: 0, subtotal: 0, discount: 0, rule: null, shipping: 0, total: 0, nextTier: null });
  });

  it('refuses fractional or negative amounts and tiers out of 1–50 %', () => {
    expect(() => priceCart([gateways(1.5)], TIERS)).toThrow(RangeError);
    expect(() => priceCart([gateways(1, -1)], TIERS)).toThrow(RangeError);
    expect(() => priceCart([gateways(1)], [{ id: 'x', name: 'x', minQuantity: 1, percent: 51 }])).toThrow(RangeError);
    expect(() => priceCart([gateways(1)], [{ id: 'x', name: 'x', minQuantity: 1, percent: 2.5 }])).toThrow(RangeError);
    expect(() => priceCart([gateways(1)], TIERS, { shipping: -1 })).toThrow(RangeError);
  });
});

describe('priceCart: properties', () => {
  const line = fc.record({
    productId: fc.string({ minLength: 1, maxLength: 8 }),
    quantity: fc.integer({ min: 0, max: 500 }),
    unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
    countsForDiscount: fc.boolean(),
  });
  const anyTier = fc.record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    minQuantity: fc.integer({ min: 1, max: 200 }),
    percent: fc.integer({ min: 1, max: 50 }),
  });
  /** A ladder as the back office allows it: distinct minimums, a larger minimum always with a larger percent. */
  const ladder = fc
    .uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 6 })
    .chain((minimums) =>
      fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: minimums.length, maxLength: minimums.length }).map((percents) => {
        const sortedMinimums = [...minimums].sort((a, b) => a - b);
        const sortedPercents = [...percents].sort((a, b) => a - b);
        return sortedMinimums.map((minQuantity, i): DiscountTier => ({
          id: `t${minQuantity}`,
          name: `Lote de ${minQuantity}`,
          minQuantity,
          percent: sortedPercents[i] ?? 1,
        }));
      }),
    );

  it('total = subtotal − discount + shipping, never negative, in whole centavos', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.array(anyTier, { maxLength: 6 }), (lines, tiers) => {
        const price = priceCart(lines, tiers);
        return (
          price.total === price.subtotal - price.discount + price.shipping &&
          price.total >= 0 &&
          price.discount >= 0 &&
          price.discount <= price.subtotal / 2 + 1 &&
          [price.subtotal, price.discount, price.shipping, price.total].every(Number.isSafeInteger)
        );
      }),
    );
  });

  it('the rule is the highest tier reached; the next one is above the quantity with a higher percent', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.array(anyTier, { maxLength: 6 }), (lines, tiers) => {
        const { quantity, rule, nextTier } = priceCart(lines, tiers);
        const reached = tiers.filter((candidate) => candidate.minQuantity <= quantity);
        const ruleOk = rule === null ? reached.length === 0 : reached.every((t) => t.minQuantity <= rule.minQuantity);
        const nextOk =
          nextTier === null ||
          (nextTier.rule.minQuantity > quantity &&
            nextTier.rule.percent > (rule?.percent ?? 0) &&
            nextTier.missing === nextTier.rule.minQuantity - quantity);
        return ruleOk && nextOk;
      }),
    );
  });

  it('with a consistent ladder, more gateways never mean a smaller discount', () => {
    fc.assert(
      fc.property(
        ladder,
        fc.array(line, { maxLength: 4 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (tiers, others, quantity, extra, unitPrice) => {
          const before = priceCart([...others, gateways(quantity, unitPrice)], tiers);
          const after = priceCart([...others, gateways(quantity + extra, unitPrice)], tiers);
          return after.discount >= before.discount && (after.rule?.percent ?? 0) >= (before.rule?.percent ?? 0);
        },
      ),
    );
  });
});

describe('texts', () => {
  it('labels the rule applied', () => {
    expect(discountLabel({ name: 'Lote de 5 gateways', percent: 5 })).toBe('Lote de 5 gateways: 5%');
  });

  it('says what the next tier needs, singular for one unit', () => {
    expect(nextTierMessage({ rule: { percent: 15 }, missing: 3 })).toBe('mais 3 unidades e o desconto passa a 15%');
    expect(nextTierMessage({ rule: { percent: 8 }, missing: 1 })).toBe('mais 1 unidade e o desconto passa a 8%');
    const next = priceCart([gateways(9)], TIERS).nextTier;
    expect(next && nextTierMessage(next)).toBe('mais 1 unidade e o desconto passa a 8%');
  });
});
