import type { CatalogProduct } from '@/contracts/catalog';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useGetCatalogProductQuery, useLazyGetCatalogProductQuery, useUpdateCatalogProductMutation } from '../api';
import { ProductForm, productToForm } from '../components/product-form';

const ProductEditScreen = resourceEditScreen({
  Form: ProductForm,
  useGet: useGetCatalogProductQuery,
  useLazyGet: useLazyGetCatalogProductQuery,
  useUpdate: useUpdateCatalogProductMutation,
  toForm: productToForm,
  name: (product: CatalogProduct) => product.name,
  title: 'Editar produto',
  notFound: {
    notFoundTitle: 'Produto não encontrado',
    notFoundDescription: 'Ele pode ter sido excluído, ou o endereço está incorreto.',
    backTo: { href: backofficePaths.catalogProducts, label: 'Voltar para Catálogo' },
  },
  recordPath: backofficePaths.catalogProduct,
});
export default ProductEditScreen;
