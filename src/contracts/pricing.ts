/**
 * An order's price from its lines and the discount tiers in force: one function for the checkout's preview and
 * the demo backend's authoritative total, so both always agree to the centavo.
 *
 * - Quantity: the units that count for the discount (gateways; connectivity plans do not).
 * - Rule: the tier with the highest minimum quantity the cart reaches (same minimum: the higher percent).
 * - Discount: the rule's percent of the whole subtotal (every line), rounded half up to the centavo.
 * - Shipping: {@link SHIPPING_CENTS} when the cart has physical gateways, free for plans only, unless given.
 * - Next tier: the smallest tier above the cart's quantity with a higher percent than the current one.
 */

/** A tier as pricing applies it (a discount rule active and valid now; `percent` a whole number from 1 to 50). */
export interface DiscountTier {
  id: string;
  name: string;
  minQuantity: number;
  percent: number;
}

export interface PricedLine {
  productId: string;
  quantity: number;
  /** Centavos. */
  unitPrice: number;
  /** Whether its units count towards a tier (gateways do; plans do not). */
  countsForDiscount: boolean;
}

export interface CartPrice {
  /** Units that count for the discount (gateways). */
  quantity: number;
  /** Centavos, as every amount here. */
  subtotal: number;
  discount: number;
  rule: DiscountTier | null;
  shipping: number;
  total: number;
  /** The next tier worth reaching and how many units are missing, or null when none is higher. */
  nextTier: { rule: DiscountTier; missing: number } | null;
}

/** Flat shipping of an order with physical gateways (R$ 45,90). */
export const SHIPPING_CENTS = 4590;

export interface PriceCartOptions {
  /** Centavos; overrides the default (flat {@link SHIPPING_CENTS} with gateways, 0 without). */
  shipping?: number;
}

function assertCentavos(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} inválido: ${value}.`);
}

/** Higher minimum first; on the same minimum, the higher percent. */
function byMinimumThenPercent(a: DiscountTier, b: DiscountTier): number {
  return b.minQuantity - a.minQuantity || b.percent - a.percent;
}

/**
 * Prices a cart. Amounts are integer centavos; a line with a fractional or negative quantity or price, a tier out
 * of 1–50 % or a negative shipping throws (the contracts refuse them before they get here).
 */
export function priceCart(lines: readonly PricedLine[], tiers: readonly DiscountTier[], options: PriceCartOptions = {}): CartPrice {
  let quantity = 0;
  let subtotal = 0;
  let physical = false;
  for (const line of lines) {
    assertCentavos(line.quantity, 'Quantidade');
    assertCentavos(line.unitPrice, 'Preço unitário');
    subtotal += line.quantity * line.unitPrice;
    if (line.countsForDiscount && line.quantity > 0) {
      quantity += line.quantity;
      physical = true;
    }
  }
  for (const tier of tiers) {
    if (!Number.isInteger(tier.percent) || tier.percent < 1 || tier.percent > 50) {
      throw new RangeError(`Desconto inválido na regra "${tier.name}": ${tier.percent}%.`);
    }
    assertCentavos(tier.minQuantity, `Quantidade mínima da regra "${tier.name}"`);
  }

  const rule = [...tiers].filter((tier) => tier.minQuantity <= quantity).sort(byMinimumThenPercent)[0] ?? null;
  // Round half up in integers: ⌊(subtotal × percent + 50) / 100⌋.
  const discount = rule ? Math.floor((subtotal * rule.percent + 50) / 100) : 0;
  const shipping = options.shipping ?? (physical ? SHIPPING_CENTS : 0);
  assertCentavos(shipping, 'Frete');

  const currentPercent = rule?.percent ?? 0;
  const next =
    [...tiers]
      .filter((tier) => tier.minQuantity > quantity && tier.percent > currentPercent)
      .sort((a, b) => a.minQuantity - b.minQuantity || b.percent - a.percent)[0] ?? null;

  return {
    quantity,
    subtotal,
    discount,
    rule,
    shipping,
    total: subtotal - discount + shipping,
    nextTier: next ? { rule: next, missing: next.minQuantity - quantity } : null,
  };
}

/** "Lote de 5 gateways: 5%". */
export function discountLabel(rule: Pick<DiscountTier, 'name' | 'percent'>): string {
  return `${rule.name}: ${rule.percent}%`;
}

/** "mais 3 unidades e o desconto passa a 15%" ("mais 1 unidade e …" for one). */
export function nextTierMessage(next: { rule: Pick<DiscountTier, 'percent'>; missing: number }): string {
  return `mais ${next.missing} ${next.missing === 1 ? 'unidade' : 'unidades'} e o desconto passa a ${next.rule.percent}%`;
}
