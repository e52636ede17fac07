import { useParams } from 'react-router-dom';
import { PRODUCT_IMAGE_LABELS, PRODUCT_KIND_LABELS, type CatalogProduct } from '@/contracts/catalog';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { SwitchableRecordView } from '@/components/ui/switchable-record-view';
import { backofficePaths } from '@/config/paths';
import { ProductImage } from '@/entities/catalog/product-image';
import { formatDateTime } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { useGetCatalogProductQuery } from '../api';
import { DeleteProductDialog, ToggleProductDialog } from '../components/product-dialogs';
import { ProductStatus, productSummary, stockLimitLabel } from '../components/product-status';

function ProductView({ product }: { product: CatalogProduct }) {
  return (
    <SwitchableRecordView
      title={product.name}
      subtitle={productSummary(product)}
      active={product.active}
      editHref={backofficePaths.catalogProductEdit(product.id)}
      listHref={backofficePaths.catalogProducts}
      dialogs={({ toggling, setToggling, deleting, setDeleting, onDeleted }) => (
        <>
          <ToggleProductDialog product={toggling ? product : null} onOpenChange={setToggling} />
          <DeleteProductDialog product={deleting ? product : null} onOpenChange={setDeleting} onDeleted={onDeleted} />
        </>
      )}
    >
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
    </SwitchableRecordView>
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
