/** The demo database's catalog product: see `Product` in src/contracts/catalog.ts. */
import type { ProductImage, ProductKind } from '@/contracts/catalog';
import type { Stamped } from '@/seed/stored';

export interface ProductRecord extends Stamped {
  id: string;
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
  /** One of the fixed pictures (PRODUCT_IMAGES). */
  image: ProductImage;
  active: boolean;
}
