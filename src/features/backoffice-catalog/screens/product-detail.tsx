import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_IMAGE_LABELS, PRODUCT_KIND_LABELS, type CatalogProduct } from '@/contracts/catalog';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { backofficePaths } from '@/config/paths';
import { ProductImage } from '@/entities/catalog/product-image';
import { formatDateTime } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { useGetCatalogProductQuery } from '../api';
import { DeleteProductDialog, ToggleProductDialog } from '../components/product-dialogs';
import { ProductStatus, productSummary, stockLimitLabel } from '../components/product-status';

function ProductView({ product }: { product: CatalogProduct }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState(false);
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={product.name}
        subtitle={productSummary(product)}
        actions={
          <>
            <Link to={backofficePaths.catalogProductEdit(product.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            <Button variant="secondary" onClick={() => setToggling(true)}>
              {product.active ? 'Desativar' : 'Ativar'}
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      <DetailSection title="Dados do produto">
        <div className="flex flex-col gap-5 sm:flex-row">
          <ProductImage image={product.image} labelled className="h-24 w-28 rounded-md border border-slate-200 bg-white p-2" />
          <DescriptionList
            items={[
              { term: 'Tipo', description: PRODUCT_KIND_LABELS[product.kind] },
              { term: 'SKU', description: <span className="font-mono">{product.sku}</span> },
              { term: 'Descrição', description: product.description },
              { term: 'Preço unitário', description: formatBRL(product.unitPrice) },
              { term: 'Máximo por pedido', description: stockLimitLabel(product.stockLimit) },
              { term: 'Imagem', description: PRODUCT_IMAGE_LABELS[product.image] },
              { term: 'Status', description: <ProductStatus product={product} /> },
              {
                term: 'No catálogo do portal',
                description: product.active ? 'Sim: à venda no checkout.' : 'Não: o produto está inativo.',
              },
              { term: 'Última alteração', description: formatDateTime(product.updatedAt) },
            ]}
          />
        </div>
      </DetailSection>
      <ToggleProductDialog product={toggling ? product : null} onOpenChange={setToggling} />
      <DeleteProductDialog
        product={deleting ? product : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(backofficePaths.catalogProducts, { replace: true })}
      />
    </section>
  );
}

export default function CatalogProductDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetCatalogProductQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.currentData?.name);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Produto não encontrado"
      notFoundDescription="Ele pode ter sido excluído, ou o endereço está incorreto."
      backTo={{ href: backofficePaths.catalogProducts, label: 'Voltar para Catálogo' }}
    >
      {(product: CatalogProduct) => <ProductView product={product} />}
    </DetailPage>
  );
}
