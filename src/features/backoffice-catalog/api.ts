import { productListQuery, type CatalogProduct, type ProductInput, type ProductListQuery } from '@/contracts/catalog';
import { crudEndpoints } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

const CHECKOUT_CATALOG = { type: 'order' as const, id: 'CATALOG' };

/** What activating or deactivating a product changes: the product, the lists, and the checkout's catalog. */
const changed = (id: string) => [
  { type: 'product' as const, id },
  { type: 'product' as const, id: 'LIST' },
  CHECKOUT_CATALOG,
];

/** The back office's catalog (`/backoffice/product`): every product, active or not. */
export const backofficeCatalogApi = mainApi.injectEndpoints({
  endpoints: (build) => {
    const products = crudEndpoints<CatalogProduct, ProductInput, ProductListQuery>(build, {
      tag: 'product',
      path: '/backoffice/product',
      listParams: (query) => productListQuery.toParams(query),
      // The portal's checkout reads the same catalog (in a back-office session only for the demo's two tabs).
      createAlsoRefreshes: [CHECKOUT_CATALOG],
      updateAlsoRefreshes: [CHECKOUT_CATALOG],
      removeAlsoRefreshes: [CHECKOUT_CATALOG],
    });
    return {
      listCatalogProducts: products.list,
      getCatalogProduct: products.get,
      createCatalogProduct: products.create,
      updateCatalogProduct: products.update,
      activateCatalogProduct: products.action('activate', (_result, id) => changed(id)),
      deactivateCatalogProduct: products.action('deactivate', (_result, id) => changed(id)),
      deleteCatalogProduct: products.remove,
    };
  },
});

export const {
  useListCatalogProductsQuery,
  useGetCatalogProductQuery,
  useLazyGetCatalogProductQuery,
  useCreateCatalogProductMutation,
  useUpdateCatalogProductMutation,
  useActivateCatalogProductMutation,
  useDeactivateCatalogProductMutation,
  useDeleteCatalogProductMutation,
} = backofficeCatalogApi;
