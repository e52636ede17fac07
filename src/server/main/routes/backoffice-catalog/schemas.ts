/** /backoffice/product's answers: the catalog's product, with when it was created. */
import { pageOf, timestampSchema } from '../../../shared/openapi';
import { productSchema } from '../catalog/schemas';

export const catalogProductSchema = productSchema.extend({ createdAt: timestampSchema }).openapi('CatalogProduct');

export const catalogProductPageSchema = pageOf(catalogProductSchema).openapi('CatalogProductPage');
