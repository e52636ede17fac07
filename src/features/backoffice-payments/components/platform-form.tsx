import {
  keepSecretKeyHint,
  paymentPlatformCreateSchema,
  paymentPlatformUpdateSchema,
  PAYMENT_ENVIRONMENTS,
  PAYMENT_ENVIRONMENT_LABELS,
  type PaymentPlatform,
  type PaymentPlatformFormValues,
  type PaymentPlatformUpdateInput,
} from '@/contracts/payment-platform';
import { Form, FormActions } from '@/components/ui/form/form';
import { PasswordField, SelectField, TextInputField } from '@/components/ui/form/fields';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';

const FIELDS = ['name', 'provider', 'environment', 'publicKey', 'secretKey'] as const;

const ENVIRONMENT_OPTIONS = PAYMENT_ENVIRONMENTS.map((environment) => ({
  value: environment,
  label: PAYMENT_ENVIRONMENT_LABELS[environment],
}));

export const EMPTY_PLATFORM: PaymentPlatformFormValues = {
  name: '',
  provider: '',
  environment: '',
  publicKey: '',
  secretKey: '',
};

/** A stored platform as the edit form shows it: the secret key is never there (blank keeps it). */
export function platformToForm(platform: PaymentPlatform): PaymentPlatformFormValues {
  return {
    name: platform.name,
    provider: platform.provider,
    environment: platform.environment,
    publicKey: platform.publicKey,
    secretKey: '',
  };
}

/** The create input is the update input with a secret key required: one form serves both. */
export type PaymentPlatformFormProps = RecordFormProps<PaymentPlatformFormValues, PaymentPlatformUpdateInput, PaymentPlatform> & {
  /** Editing a saved platform: the secret key may stay blank (kept), and the hint says which key is kept. */
  storedSecretKeyLast4?: string | null;
};

/**
 * Create and edit of a payment platform: the fields of screens.md. The secret key is a password input with a
 * show/hide button; on edit it starts blank and the stored key is kept unless a new one is typed.
 */
export function PaymentPlatformForm({
  defaultValues,
  submitLabel = 'Salvar',
  onCancel,
  storedSecretKeyLast4,
  ...save
}: PaymentPlatformFormProps) {
  const editing = storedSecretKeyLast4 !== undefined;
  const form = useZodForm(editing ? paymentPlatformUpdateSchema : paymentPlatformCreateSchema, { defaultValues });
  const record = useRecordForm({ ...save, form, fields: FIELDS, toFormValues: platformToForm });
  const { isSubmitting } = form.formState;
  const secretHint = editing
    ? storedSecretKeyLast4
      ? keepSecretKeyHint(storedSecretKeyLast4)
      : 'Nenhuma chave guardada: informe uma.'
    : 'Depois de salva, só os 4 últimos caracteres aparecem.';

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-5">
      <RecordFormBanners record={record} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField name="name" label="Nome" required className="sm:col-span-2" autoComplete="off" />
        <TextInputField name="provider" label="Provedor" required hint="Ex.: Pagar.me, Mercado Pago, Banco Cora." autoComplete="off" />
        <SelectField name="environment" label="Ambiente" required options={ENVIRONMENT_OPTIONS} placeholder="Selecione" />
        <TextInputField
          name="publicKey"
          label="Chave pública"
          required
          className="sm:col-span-2"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
        />
        <PasswordField
          name="secretKey"
          label="Chave secreta"
          required={!editing}
          secretName="chave secreta"
          autoComplete="new-password"
          hint={secretHint}
          className="sm:col-span-2"
        />
      </div>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={record.guard} />
    </Form>
  );
}
