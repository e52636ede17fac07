import { maskCnpj } from '@/contracts/validators/cnpj';
import { maskPhone, UFS } from '@/contracts/validators/fields';
import {
  CUSTOMER_FACTORY_APPROVAL_HINT,
  customerInputSchema,
  type Customer,
  type CustomerFormValues,
  type CustomerInput,
} from '@/contracts/customer';
import { Form, FormActions } from '@/components/ui/form/form';
import { CheckboxField, MaskedField, SelectField, TextInputField } from '@/components/ui/form/fields';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';

const FIELDS = ['name', 'tradeName', 'cnpj', 'email', 'phone', 'city', 'uf', 'requireFactoryApproval'] as const;

const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

export const EMPTY_CUSTOMER: CustomerFormValues = {
  name: '',
  tradeName: '',
  cnpj: '',
  email: '',
  phone: '',
  city: '',
  uf: '',
  requireFactoryApproval: false,
};

/** A stored customer as the form shows it (masked). */
export function customerToForm(customer: Customer): CustomerFormValues {
  return {
    name: customer.name,
    tradeName: customer.tradeName,
    cnpj: maskCnpj(customer.cnpj),
    email: customer.email,
    phone: maskPhone(customer.phone),
    city: customer.city,
    uf: customer.uf,
    requireFactoryApproval: customer.requireFactoryApproval,
  };
}

export type CustomerFormProps = RecordFormProps<CustomerFormValues, CustomerInput, Customer> & {
  /**
   * "Exigir aprovação da fábrica" and the e-mail (where the approval link goes) shown read-only, with the one-line
   * reason: a Técnico editing a customer (only an Administrador changes them; the API refuses it too).
   */
  approvalLocked?: boolean;
};

const FACTORY_APPROVAL_HINT =
  'Um acesso remoto a uma máquina deste cliente só é liberado depois que a fábrica autorizar, pelo link enviado ao e-mail do cliente.';

/** Create and edit of a customer: the fields of screens.md, validated by the shared contract. */
export function CustomerForm({ defaultValues, submitLabel = 'Salvar', onCancel, approvalLocked = false, ...save }: CustomerFormProps) {
  const form = useZodForm(customerInputSchema, { defaultValues });
  const record = useRecordForm({ ...save, form, fields: FIELDS, toFormValues: customerToForm });
  const { isSubmitting } = form.formState;

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-5">
      <RecordFormBanners record={record} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField name="name" label="Razão social" required autoComplete="organization" className="sm:col-span-2" />
        <TextInputField name="tradeName" label="Nome fantasia" />
        <MaskedField name="cnpj" label="CNPJ" mask="cnpj" required />
        <TextInputField
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          readOnly={approvalLocked}
          hint={approvalLocked ? CUSTOMER_FACTORY_APPROVAL_HINT : undefined}
        />
        <MaskedField name="phone" label="Telefone" mask="phone" autoComplete="tel" />
        <TextInputField name="city" label="Cidade" autoComplete="address-level2" />
        <SelectField name="uf" label="UF" options={UF_OPTIONS} placeholder="Selecione" />
        <CheckboxField
          name="requireFactoryApproval"
          label="Exigir aprovação da fábrica"
          disabled={approvalLocked}
          hint={
            approvalLocked ? (
              <>
                <span className="block">{FACTORY_APPROVAL_HINT}</span>
                <span className="block">{CUSTOMER_FACTORY_APPROVAL_HINT}</span>
              </>
            ) : (
              FACTORY_APPROVAL_HINT
            )
          }
          className="sm:col-span-2"
        />
      </div>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={record.guard} />
    </Form>
  );
}
