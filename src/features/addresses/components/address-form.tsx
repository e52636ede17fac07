import {
  ADDRESS_FIELDS,
  addressInputSchema,
  addressToForm,
  type Address,
  type AddressFormValues,
  type AddressInput,
} from '@/contracts/address';
import { Form, FormActions } from '@/components/ui/form/form';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { AddressFields } from '@/entities/addresses/address-fields';

export type AddressFormProps = RecordFormProps<AddressFormValues, AddressInput, Address>;

/** Create and edit of an address: the fields of screens.md with the CEP look-up, validated by the shared contract. */
export function AddressForm({ defaultValues, submitLabel = 'Salvar', onCancel, ...save }: AddressFormProps) {
  const form = useZodForm(addressInputSchema, { defaultValues });
  const record = useRecordForm({ ...save, form, fields: ADDRESS_FIELDS, toFormValues: addressToForm });
  const { isSubmitting } = form.formState;

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-5">
      <RecordFormBanners record={record} />
      <AddressFields />
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={record.guard} />
    </Form>
  );
}
