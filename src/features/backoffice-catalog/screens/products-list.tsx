import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_KIND_LABELS, productListQuery, type CatalogProduct } from '@/contracts/catalog';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { BoxesIcon } from '@/components/ui/icons';
import { ListBlock } from '@/components/ui/list-block';
import { enableToggleAction, filterSelectProps } from '@/components/ui/list-table';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SimpleSelect } from '@/components/ui/select';
import { useListScreen } from '@/components/ui/use-list-screen';
import { backofficePaths } from '@/config/paths';
import { ProductImage } from '@/entities/catalog/product-image';
import { formatBRL } from '@/lib/money';
import { backofficeCatalogApi } from '../api';
import { DeleteProductDialog, ToggleProductDialog } from '../components/product-dialogs';
import { ProductStatus } from '../components/product-status';

const KIND_OPTIONS = [
  { value: '', label: 'Todos os tipos' },
  { value: 'gateway', label: PRODUCT_KIND_LABELS.gateway },
  { value: 'plan', label: PRODUCT_KIND_LABELS.plan },
];

const STATUS_OPTIONS = [
  { value: '', label: 'Ativos e inativos' },
  { value: 'active', label: 'Ativos' },
  { value: 'inactive', label: 'Inativos' },
];

const COLUMNS: Column<CatalogProduct>[] = [
  {
    id: 'name',
    header: 'Produto',
    sortKey: 'name',
    primary: true,
    cell: (product) => (
      <span className="flex items-center gap-3">
        <ProductImage image={product.image} className="hidden h-9 w-10 sm:block" />
        <span>{product.name}</span>
      </span>
    ),
  },
  { id: 'sku', header: 'SKU', sortKey: 'sku', cell: (product) => <span className="font-mono">{product.sku}</span> },
  { id: 'kind', header: 'Tipo', cell: (product) => PRODUCT_KIND_LABELS[product.kind] },
  {
    id: 'unitPrice',
    header: 'Preço',
    sortKey: 'unitPrice',
    className: 'text-right tabular-nums',
    cell: (product) => <span className="whitespace-nowrap">{formatBRL(product.unitPrice)}</span>,
  },
  {
    id: 'stockLimit',
    header: 'Máx. por pedido',
    sortKey: 'stockLimit',
    className: 'text-right tabular-nums',
    cell: (product) => product.stockLimit,
  },
  { id: 'status', header: 'Status', cell: (product) => <ProductStatus product={product} /> },
];

const countLabel = (total: number) => (total === 1 ? '1 produto' : `${total} produtos`);

export default function CatalogListScreen() {
  const title = usePageTitle() || 'Catálogo';
  const { list, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    productListQuery,
    backofficeCatalogApi.endpoints.listCatalogProducts,
  );
  const [toToggle, setToToggle] = useState<CatalogProduct | null>(null);
  const newButton = (
    <Link to={backofficePaths.catalogProductNew} className={buttonClasses('primary')}>
      Novo produto
    </Link>
  );

  return (
    <section>
      <PageHeader
        title={title}
        subtitle="Gateways e planos de conectividade à venda no portal. Só os produtos ativos aparecem no checkout."
        actions={newButton}
      />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar produtos', placeholder: 'Nome ou SKU' }}
        filters={
          <>
            <SimpleSelect aria-label="Filtrar por tipo" className="sm:w-56" {...filterSelectProps(list, 'kind')} options={KIND_OPTIONS} />
            <SimpleSelect aria-label="Filtrar por status" className="sm:w-48" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />
          </>
        }
        caption={title}
        columns={COLUMNS}
        getRowId={(product) => product.id}
        rowHref={(product) => backofficePaths.catalogProduct(product.id)}
        rowLabel={(product) => product.name}
        emptyState={{
          icon: <BoxesIcon />,
          title: 'Nenhum produto cadastrado',
          description: 'Cadastre os gateways e planos de conectividade que os clientes podem comprar no portal.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(product) =>
          rowActions(product, {
            view: backofficePaths.catalogProduct(product.id),
            edit: backofficePaths.catalogProductEdit(product.id),
            extra: [enableToggleAction(product.active, () => setToToggle(product))],
            remove: true,
          })
        }
      />
      <ToggleProductDialog product={toToggle} onOpenChange={(open) => (open ? null : setToToggle(null))} />
      <DeleteProductDialog product={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}
