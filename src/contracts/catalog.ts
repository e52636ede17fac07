/**
 * The catalog (GET /product): what a builder can buy — connectivity gateways (each unit becomes a device once the
 * order is paid) and connectivity plans. Prices are integer centavos and always come from the server: an order
 * is priced from the catalog, never from what a client sends.
 */

export const PRODUCT_KINDS = ['gateway', 'plan'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_KIND_LABELS: Readonly<Record<ProductKind, string>> = {
  gateway: 'Gateway',
  plan: 'Plano de conectividade',
};

export interface Product {
  id: string;
  /** Stock-keeping unit, e.g. `PG1-4G`. */
  sku: string;
  name: string;
  description: string;
  kind: ProductKind;
  /** Centavos. */
  unitPrice: number;
  /** Most units of this product one order may carry. */
  stockLimit: number;
  /** The hardware model of the devices a gateway provisions (null for a plan). */
  hardwareModel: string | null;
  /** Only active products are sold (GET /product lists only those). */
  active: boolean;
  version: number;
  updatedAt: Date;
}

/** "Quantidade máxima por pedido: 50 unidades." — shown on the quantity field. */
export function stockLimitMessage(limit: number): string {
  return `Quantidade máxima por pedido: ${limit} ${limit === 1 ? 'unidade' : 'unidades'}.`;
}

export const PRODUCT_NOT_FOUND_MESSAGE = 'Produto não encontrado.';

/** Whether a product's units count toward the quantity discount tiers (only gateways do). */
export function countsForDiscount(kind: ProductKind): boolean {
  return kind === 'gateway';
}
