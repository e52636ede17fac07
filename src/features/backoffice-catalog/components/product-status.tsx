import { PRODUCT_KIND_LABELS, type CatalogProduct } from '@/contracts/catalog';
import { OnOffBadge } from '@/components/ui/badge';
import { formatBRL } from '@/lib/money';

/** "Ativo" / "Inativo". */
export function ProductStatus({ product }: { product: Pick<CatalogProduct, 'active'> }) {
  return <OnOffBadge on={product.active} labels={['Ativo', 'Inativo']} />;
}

/** "R$ 1.890,00 · Gateway". */
export function productSummary(product: Pick<CatalogProduct, 'unitPrice' | 'kind'>): string {
  return `${formatBRL(product.unitPrice)} · ${PRODUCT_KIND_LABELS[product.kind]}`;
}

/** "Até 50 unidades por pedido". */
export function stockLimitLabel(limit: number): string {
  const n = String(limit).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return limit === 1 ? 'Até 1 unidade por pedido' : `Até ${n} unidades por pedido`;
}
