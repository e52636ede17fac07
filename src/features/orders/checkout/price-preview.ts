/**
 * What the checkout shows of the price while the cart is filled: each line, and the total from `priceCart` with
 * the discount tiers in force (the same function the server prices the order with, so the preview and the order
 * agree to the centavo); the quantity field's checks; the instalment options. Pure: no React, no API.
 */
import { countsForDiscount, type Product } from '@/contracts/catalog';
import { installmentAmount, ORDER_MESSAGES, quantityField } from '@/contracts/order';
import { discountLabel, nextTierMessage, priceCart, type CartPrice, type DiscountTier } from '@/contracts/pricing';
import { formatBRL } from '@/lib/money';
import type { CartLine } from './cart';

/** "Máximo de 50 unidades por pedido." */
export function stockLimitText(limit: number): string {
  return `Máximo de ${limit} ${limit === 1 ? 'unidade' : 'unidades'} por pedido.`;
}

/**
 * Why a typed quantity is refused (empty, 0, negative, decimal, not a number: "Informe uma quantidade inteira maior
 * que zero."; above the product's limit: "Máximo de N unidades por pedido."), or null when it is a good one.
 */
export function quantityProblem(text: string, stockLimit: number): string | null {
  const parsed = quantityField.safeParse(text);
  if (!parsed.success) return ORDER_MESSAGES.quantity;
  return parsed.data > stockLimit ? stockLimitText(stockLimit) : null;
}

/** The whole number a typed quantity holds, when it is a good one for this limit. */
export function parseQuantity(text: string, stockLimit: number): number | null {
  const parsed = quantityField.safeParse(text);
  return parsed.success && parsed.data <= stockLimit ? parsed.data : null;
}

export interface PreviewLine {
  product: Product;
  quantity: number;
  /** Centavos: unit price × quantity. */
  total: number;
}

export interface CartPreview {
  lines: PreviewLine[];
  price: CartPrice;
  /** Units of every line (gateways and plans). */
  units: number;
  /** Products of the cart the catalog no longer sells (left out of the price). */
  unavailable: string[];
}

/** The cart priced with the catalog's prices and the tiers in force. */
export function previewCart(items: readonly CartLine[], products: readonly Product[], tiers: readonly DiscountTier[]): CartPreview {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines: PreviewLine[] = [];
  const unavailable: string[] = [];
  for (const item of items) {
    const product = byId.get(item.productId);
    if (!product) {
      unavailable.push(item.productId);
      continue;
    }
    lines.push({ product, quantity: item.quantity, total: product.unitPrice * item.quantity });
  }
  const price = priceCart(
    lines.map((line) => ({
      productId: line.product.id,
      quantity: line.quantity,
      unitPrice: line.product.unitPrice,
      countsForDiscount: countsForDiscount(line.product.kind),
    })),
    tiers,
  );
  return { lines, price, units: lines.reduce((sum, line) => sum + line.quantity, 0), unavailable };
}

/** "Adicione mais 3 unidades e o desconto passa a 15%." — or null when no better tier is left. */
export function nextTierText(price: CartPrice): string | null {
  return price.nextTier ? `Adicione ${nextTierMessage(price.nextTier)}.` : null;
}

/**
 * What a screen reader hears when the price changes: "Subtotal R$ 18.900,00. Desconto (Lote de 10 gateways: 8%):
 * R$ 1.512,00. Frete R$ 45,90. Total R$ 17.433,90."
 */
export function priceAnnouncement(price: CartPrice): string {
  if (price.subtotal === 0) return 'Nenhum produto no pedido.';
  const parts = [`Subtotal ${formatBRL(price.subtotal)}.`];
  if (price.rule) parts.push(`Desconto (${discountLabel(price.rule)}): ${formatBRL(price.discount)}.`);
  parts.push(price.shipping > 0 ? `Frete ${formatBRL(price.shipping)}.` : 'Frete grátis.');
  parts.push(`Total ${formatBRL(price.total)}.`);
  const next = nextTierText(price);
  if (next) parts.push(next);
  return parts.join(' ');
}

export interface InstallmentOption {
  value: number;
  /** "1x de R$ 17.433,90 (à vista)", "3x de R$ 5.811,30". */
  label: string;
}

/** 1 up to `max` instalments of `total` (centavos), each with what one instalment costs. */
export function installmentOptions(total: number, max: number): InstallmentOption[] {
  const count = Math.max(1, Math.floor(max));
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const each = formatBRL(installmentAmount(total, n));
    return { value: n, label: n === 1 ? `1x de ${each} (à vista)` : `${n}x de ${each}` };
  });
}
