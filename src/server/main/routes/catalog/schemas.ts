/** /product's answers. */
import { z } from '@hono/zod-openapi';
import { PRODUCT_IMAGES, PRODUCT_KINDS } from '@/contracts/catalog';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const productSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    name: z.string(),
    description: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    unitPrice: z.number().int().openapi({ description: 'Centavos.' }),
    stockLimit: z.number().int().openapi({ description: 'Máximo de unidades por pedido.' }),
    hardwareModel: z.string().nullable(),
    image: z.enum(PRODUCT_IMAGES).openapi({ description: 'Uma das imagens fixas do catálogo.' }),
    active: z.boolean(),
    version: z.number().int(),
    updatedAt: timestampSchema,
  })
  .openapi('Product');

export const productPageSchema = pageOf(productSchema).openapi('ProductPage');
