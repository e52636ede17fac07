import { useWatch } from 'react-hook-form';
import {
  PRODUCT_IMAGE_LABELS,
  PRODUCT_IMAGES,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
  productInputSchema,
  reaisText,
  type CatalogProduct,
  type ProductFormValues,
  type ProductInput,
} from '@/contracts/catalog';
import { CheckboxField, SelectField, TextareaField, TextInputField } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ProductImage } from '@/entities/catalog/product-image';

const FIELDS = ['kind', 'name', 'description', 'sku', 'unitPrice', 'stockLimit', 'image', 'active'] as const;

const KIND_OPTIONS = PRODUCT_KINDS.map((kind) => ({ value: kind, label: PRODUCT_KIND_LABELS[kind] }));
const IMAGE_OPTIONS = PRODUCT_IMAGES.map((image) => ({ value: image, label: PRODUCT_IMAGE_LABELS[image] }));

/** A new product: a gateway, active, at most 50 units per order. */
export function emptyProduct(): ProductFormValues {
  return { kind: 'gateway', name: '', description: '', sku: '', unitPrice: '', stockLimit: '50', image: 'gateway', active: true };
}

export function productToForm(product: CatalogProduct): ProductFormValues {
  return {
    kind: product.kind,
    name: product.name,
    description: product.description,
    sku: product.sku,
    unitPrice: reaisText(product.unitPrice),
    stockLimit: String(product.stockLimit),
    image: product.image,
    active: product.active,
  };
}

export type ProductFormProps = RecordFormProps<ProductFormValues, ProductInput, CatalogProduct>;

/** The chosen picture beside its select (what the portal's catalog shows). */
function ImagePreview() {
  const image = useWatch<ProductFormValues, 'image'>({ name: 'image' });
  return (
    <div className="flex items-end">
      {image ? <ProductImage image={image} className="h-16 w-20 rounded-md border border-slate-200 bg-white p-1" /> : null}
    </div>
  );
}

/**
 * Create and edit of a catalog product. The price is typed in reais ("1.890,00"; 0, negative or not a number is
 * refused on the field); a SKU another product holds comes back from the server on its field.
 */
export function ProductForm({ defaultValues, submitLabel = 'Salvar', onCancel, ...save }: ProductFormProps) {
  const form = useZodForm(productInputSchema, { defaultValues });
  const record = useRecordForm({ ...save, form, fields: FIELDS, toFormValues: productToForm });
  const { isSubmitting } = form.formState;

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-5">
      <RecordFormBanners record={record} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField name="kind" label="Tipo" required options={KIND_OPTIONS} />
        <TextInputField
          name="sku"
          label="SKU"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="Código único do produto, ex.: PG1-4G."
        />
        <TextInputField name="name" label="Nome" required className="sm:col-span-2" autoComplete="off" />
        <TextareaField name="description" label="Descrição" required className="sm:col-span-2" hint="Aparece no catálogo do portal." />
        <TextInputField
          name="unitPrice"
          label="Preço unitário (R$)"
          required
          inputMode="decimal"
          autoComplete="off"
          hint="Em reais, ex.: 1.890,00. Pedidos já feitos mantêm o preço que tinham."
        />
        <TextInputField
          name="stockLimit"
          label="Máximo por pedido"
          required
          inputMode="numeric"
          autoComplete="off"
          hint="Unidades deste produto que um pedido pode ter."
        />
        <SelectField name="image" label="Imagem" required options={IMAGE_OPTIONS} />
        <ImagePreview />
        <CheckboxField name="active" label="Ativo" hint="Produtos ativos estão à venda no catálogo do portal." className="sm:col-span-2" />
      </div>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={record.guard} />
    </Form>
  );
}
