/**
 * The catalog (GET /product): what a builder can buy — connectivity gateways (each unit becomes a device once the
 * order is paid) and connectivity plans. Prices are integer centavos and always come from the server: an order
 * is priced from the catalog, never from what a client sends.
 *
 * Staff keep it in the back office ("Catálogo", `/backoffice/product`): `productInputSchema` is the form's and the
 * API's one validation. The price is typed in reais ("1.890,00") in the form; a client of the API may send either
 * that text or a number, which is then integer centavos (189000). An image is one of a fixed set
 * (`PRODUCT_IMAGES`, drawn by `entities/catalog/product-image.tsx`).
 */
import { z } from 'zod';
import { defineListQuery, requiredText } from './common';
import { integerField } from './validators/numbers';

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
  /** One of the fixed set of pictures (`PRODUCT_IMAGES`). */
  image: ProductImage;
  /** Only active products are sold (GET /product lists only those). */
  active: boolean;
  version: number;
  updatedAt: Date;
}

/** A product as the back office reads it (`/backoffice/product`): also when it was created. */
export interface CatalogProduct extends Product {
  createdAt: Date;
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

// ---- the back office's catalog (`/backoffice/product`) ----

/** The pictures a product may show (inline SVG drawings, no upload). */
export const PRODUCT_IMAGES = ['gateway-4g', 'gateway-ethernet', 'gateway-wifi', 'gateway', 'plan'] as const;
export type ProductImage = (typeof PRODUCT_IMAGES)[number];

export const PRODUCT_IMAGE_LABELS: Readonly<Record<ProductImage, string>> = {
  'gateway-4g': 'Gateway 4G (antenas)',
  'gateway-ethernet': 'Gateway Ethernet (portas)',
  'gateway-wifi': 'Gateway Wi-Fi',
  gateway: 'Gateway (genérico)',
  plan: 'Plano de conectividade (nuvem)',
};

/** The picture a product of `kind` starts with. */
export const DEFAULT_PRODUCT_IMAGE: Readonly<Record<ProductKind, ProductImage>> = { gateway: 'gateway', plan: 'plan' };

/** Highest price of a product: R$ 1.000.000,00. */
export const MAX_PRODUCT_PRICE_CENTS = 100_000_000;
export const MAX_PRODUCT_STOCK_LIMIT = 10_000;
export const MAX_PRODUCT_DESCRIPTION = 500;
export const MAX_SKU_LENGTH = 40;

export const PRODUCT_MESSAGES = {
  kind: 'Escolha o tipo do produto.',
  name: 'Informe o nome.',
  description: 'Informe a descrição.',
  skuEmpty: 'Informe o SKU.',
  sku: 'Use letras, números, hífen, ponto ou sublinhado, sem espaços (ex.: PG1-4G).',
  skuTaken: 'Já existe um produto com este SKU.',
  priceEmpty: 'Informe o preço.',
  priceNotNumber: 'Preço inválido. Use reais e centavos, por exemplo 1.890,00.',
  pricePositive: 'O preço deve ser maior que zero.',
  priceMax: 'O preço deve ser de no máximo R$ 1.000.000,00.',
  stockLimitEmpty: 'Informe a quantidade máxima por pedido.',
  stockLimit: 'Use um número inteiro de 1 a 10.000.',
  image: 'Escolha uma imagem.',
  notFound: PRODUCT_NOT_FOUND_MESSAGE,
  onOrders: 'Este produto está em pedidos e não pode ser excluído: os pedidos guardam seus itens. Desative-o para tirá-lo do catálogo.',
  onOpenOrders:
    'Este produto está em pedidos em aberto e não pode ser excluído: os pedidos guardam seus itens. Desative-o para tirá-lo do catálogo.',
} as const;

/** Error codes of `/backoffice/product` besides `validation` and `version-conflict`. */
export const PRODUCT_ERROR_CODES = { skuTaken: 'sku-taken', onOrders: 'product-on-orders' } as const;

/**
 * Reais as typed ("1.890,00", "1890", "1890,5", "R$ 49,90") → centavos; null when it is not an amount. A "." is a
 * thousands separator when followed by 3 digits (and no ","), else the decimal point ("1890.50").
 */
export function parseReais(text: string): number | null {
  let value = text.replace(/R\$/i, '').replace(/\s|\u00a0/g, '');
  if (value.startsWith('-')) return -1;
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(value)) value = value.replace(/\./g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Centavos → the text the form holds: 189000 → "1.890,00". */
export function reaisText(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
}

/** A price: text in reais (the form) or a number of centavos (an API client) → integer centavos, 1 or more. */
const priceField = z.union([z.string(), z.number()], { error: PRODUCT_MESSAGES.priceEmpty }).transform((value, ctx) => {
  if (typeof value === 'string' && value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.priceEmpty });
    return z.NEVER;
  }
  const cents = typeof value === 'number' ? (Number.isSafeInteger(value) ? value : null) : parseReais(value);
  const message =
    cents === null ? PRODUCT_MESSAGES.priceNotNumber : cents <= 0 ? PRODUCT_MESSAGES.pricePositive : cents > MAX_PRODUCT_PRICE_CENTS ? PRODUCT_MESSAGES.priceMax : null;
  if (message !== null || cents === null) {
    ctx.addIssue({ code: 'custom', message: message ?? PRODUCT_MESSAGES.priceNotNumber });
    return z.NEVER;
  }
  return cents;
});

export const productInputSchema = z.object({
  kind: z.enum(PRODUCT_KINDS, { error: PRODUCT_MESSAGES.kind }),
  name: requiredText(PRODUCT_MESSAGES.name, 120),
  description: requiredText(PRODUCT_MESSAGES.description, MAX_PRODUCT_DESCRIPTION),
  sku: requiredText(PRODUCT_MESSAGES.skuEmpty, MAX_SKU_LENGTH)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z0-9][A-Z0-9._-]*$/.test(value), { error: PRODUCT_MESSAGES.sku }),
  unitPrice: priceField,
  stockLimit: integerField({
    min: 1,
    max: MAX_PRODUCT_STOCK_LIMIT,
    empty: PRODUCT_MESSAGES.stockLimitEmpty,
    invalid: PRODUCT_MESSAGES.stockLimit,
  }),
  image: z.enum(PRODUCT_IMAGES, { error: PRODUCT_MESSAGES.image }),
  active: z.boolean({ error: 'Valor inválido.' }).default(true),
});

/** What the form holds (the price and the limit as typed). */
export type ProductFormValues = z.input<typeof productInputSchema>;
/** What the API receives. */
export type ProductInput = z.output<typeof productInputSchema>;

export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export type ProductSortKey = 'name' | 'sku' | 'unitPrice' | 'stockLimit' | 'createdAt';

export const productListQuery = defineListQuery<ProductSortKey, { kind: ProductKind; status: ProductStatus }>({
  sortKeys: ['name', 'sku', 'unitPrice', 'stockLimit', 'createdAt'],
  defaultSort: 'name',
  filters: { kind: PRODUCT_KINDS, status: PRODUCT_STATUSES },
});

export type ProductListQuery = ReturnType<typeof productListQuery.parse>;
