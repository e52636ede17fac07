import { useEffect, useRef, useState } from 'react';
import { maskCnpj } from '@/contracts/validators/cnpj';
import { maskPhone, UFS } from '@/contracts/validators/fields';
import { customerInputSchema, type Customer, type CustomerFormValues, type CustomerInput } from '@/contracts/customer';
import { applyApiError } from '@/components/ui/form/api-errors';
import { ConflictBanner, FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { MaskedField, SelectField, TextInputField } from '@/components/ui/form/fields';
import { keepTypedValues } from '@/components/ui/form/keep-typed-values';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '@/components/ui/form/use-unsaved-changes';
import { useZodForm } from '@/components/ui/form/use-zod-form';

const FIELDS = ['name', 'tradeName', 'cnpj', 'email', 'phone', 'city', 'uf'] as const;

const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

export const EMPTY_CUSTOMER: CustomerFormValues = {
  name: '',
  tradeName: '',
  cnpj: '',
  email: '',
  phone: '',
  city: '',
  uf: '',
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
  };
}

export interface CustomerFormProps {
  defaultValues: CustomerFormValues;
  submitLabel?: string;
  /** Saves; throws the API error when the save fails (the form keeps every value and says why). */
  onSubmit(input: CustomerInput): Promise<Customer>;
  /** After a save, once the unsaved-changes guard is off (navigate from here). */
  onSaved(customer: Customer): void;
  onCancel(): void;
  /** Fetches the newest version after a 409; the form adopts it and keeps what the user typed. */
  onReloadLatest?: () => Promise<Customer | null>;
}

/** Create and edit of a customer: the fields of screens.md, validated by the shared contract. */
export function CustomerForm({
  defaultValues,
  submitLabel = 'Salvar',
  onSubmit,
  onSaved,
  onCancel,
  onReloadLatest,
}: CustomerFormProps) {
  const form = useZodForm(customerInputSchema, { defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [saved, setSaved] = useState<Customer | null>(null);
  const { isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty && saved === null);

  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });
  useEffect(() => {
    if (saved) onSavedRef.current(saved);
  }, [saved]);

  const submit = async (input: CustomerInput) => {
    setFormError(null);
    try {
      setSaved(await onSubmit(input));
    } catch (error) {
      // Every typed value stays; the error lands on its field, or says why above the form.
      const outcome = applyApiError(form, error, { fields: FIELDS });
      if (outcome.kind === 'conflict') setConflict(true);
      else if (outcome.kind === 'form') setFormError(outcome.message);
    }
  };

  const reload = async () => {
    if (!onReloadLatest) return;
    setReloading(true);
    try {
      const latest = await onReloadLatest();
      if (latest) {
        keepTypedValues(form, customerToForm(latest));
        setConflict(false);
      }
    } catch (error) {
      setFormError(applyApiError(form, error, { fields: FIELDS }).message);
    } finally {
      setReloading(false);
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-5">
      {conflict ? <ConflictBanner onReload={() => void reload()} reloading={reloading} /> : null}
      {formError ? <FormErrorBanner message={formError} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField name="name" label="Razão social" required autoComplete="organization" className="sm:col-span-2" />
        <TextInputField name="tradeName" label="Nome fantasia" />
        <MaskedField name="cnpj" label="CNPJ" mask="cnpj" required />
        <TextInputField name="email" label="E-mail" type="email" autoComplete="email" />
        <MaskedField name="phone" label="Telefone" mask="phone" autoComplete="tel" />
        <TextInputField name="city" label="Cidade" autoComplete="address-level2" />
        <SelectField name="uf" label="UF" options={UF_OPTIONS} placeholder="Selecione" />
      </div>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={guard} />
    </Form>
  );
}
