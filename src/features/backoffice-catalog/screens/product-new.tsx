import type { CatalogProduct } from '@/contracts/catalog';
import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useCreateCatalogProductMutation } from '../api';
import { emptyProduct, ProductForm } from '../components/product-form';

const ProductNewScreen = resourceNewScreen({
  Form: ProductForm,
  useCreate: useCreateCatalogProductMutation,
  defaultValues: () => emptyProduct(),
  title: (pageTitle) => pageTitle || 'Novo produto',
  subtitle: 'Um gateway ou plano de conectividade à venda no portal.',
  savedToast: (product: CatalogProduct) =>
    product.active ? 'Produto cadastrado: já está à venda no portal.' : 'Produto cadastrado (inativo).',
  recordPath: backofficePaths.catalogProduct,
  listPath: backofficePaths.catalogProducts,
});
export default ProductNewScreen;
