import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  isSingleInstallmentKind,
  MAX_INSTALLMENTS,
  paymentMethodInputSchema,
  PAYMENT_KINDS,
  PAYMENT_KIND_LABELS,
  type PaymentMethod,
  type PaymentMethodFormValues,
  type PaymentMethodInput,
} from '@/contracts/payment-method';
import type { PaymentPlatform } from '@/contracts/payment-platform';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextInputField } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm, type ZodForm } from '@/components/ui/form/use-zod-form';
import { backofficePaths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api/errors';
import { PLATFORM_PICKER_SIZE, useListPaymentPlatformsQuery } from '../api';

const FIELDS = ['name', 'kind', 'platformId', 'maxInstallments', 'enabled'] as const;

const KIND_OPTIONS = PAYMENT_KINDS.map((kind) => ({ value: kind, label: PAYMENT_KIND_LABELS[kind] }));

export const EMPTY_METHOD: PaymentMethodFormValues = {
  name: '',
  kind: '',
  platformId: '',
  maxInstallments: '1',
  enabled: true,
};

export function methodToForm(method: PaymentMethod): PaymentMethodFormValues {
  return {
    name: method.name,
    kind: method.kind,
    platformId: method.platformId,
    maxInstallments: String(method.maxInstallments),
    enabled: method.enabled,
  };
}

export type PaymentMethodFormProps = RecordFormProps<PaymentMethodFormValues, PaymentMethodInput, PaymentMethod> & {
  /** Editing: the method's current platform stays selectable even while disabled. */
  currentPlatformId?: string;
};

const PICKER_QUERY = { page: 1, perPage: PLATFORM_PICKER_SIZE, q: '', sort: 'name' as const, filters: {} };

/** The platforms to choose from: the enabled ones; a disabled one is listed, not selectable (but the current one). */
function platformOptions(platforms: readonly PaymentPlatform[], currentPlatformId: string | undefined) {
  return platforms.map((platform) => ({
    value: platform.id,
    label: platform.enabled ? platform.name : `${platform.name} (inativa)`,
    disabled: !platform.enabled && platform.id !== currentPlatformId,
  }));
}

/** Pix and boleto are paid at once: their instalments are fixed to 1 as soon as the kind is chosen. */
function useSingleInstallmentKinds(form: ZodForm<PaymentMethodFormValues, PaymentMethodInput>): boolean {
  const kind = useWatch({ control: form.control, name: 'kind' });
  const single = isSingleInstallmentKind(kind);
  useEffect(() => {
    if (single && form.getValues('maxInstallments') !== '1') {
      form.setValue('maxInstallments', '1', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  }, [form, single]);
  return single;
}

/** Create and edit of a payment method: the fields of screens.md, validated by the shared contract. */
export function PaymentMethodForm({ defaultValues, submitLabel = 'Salvar', onCancel, currentPlatformId, ...save }: PaymentMethodFormProps) {
  const form = useZodForm(paymentMethodInputSchema, { defaultValues });
  const record = useRecordForm({ ...save, form, fields: FIELDS, toFormValues: methodToForm });
  const { isSubmitting } = form.formState;
  const single = useSingleInstallmentKinds(form);
  const platforms = useListPaymentPlatformsQuery(PICKER_QUERY);
  const list = platforms.data?.data ?? [];
  const noEnabledPlatform = platforms.data !== undefined && !list.some((platform) => platform.enabled);

  const platformHint = platforms.error ? null : noEnabledPlatform ? (
    <>
      Nenhuma plataforma ativa.{' '}
      <Link className="font-medium text-accent-strong underline underline-offset-2" to={backofficePaths.paymentPlatforms}>
        Ative ou cadastre uma plataforma
      </Link>{' '}
      antes.
    </>
  ) : (
    'Só plataformas ativas podem receber métodos.'
  );

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-5">
      <RecordFormBanners record={record} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField name="name" label="Nome" required className="sm:col-span-2" autoComplete="off" hint="Como o checkout o apresenta." />
        <SelectField name="kind" label="Tipo" required options={KIND_OPTIONS} placeholder="Selecione" />
        <div>
          <SelectField
            name="platformId"
            label="Plataforma"
            required
            options={platformOptions(list, currentPlatformId)}
            placeholder={platforms.isLoading ? 'Carregando plataformas…' : 'Selecione'}
            disabled={platforms.isLoading}
            hint={platformHint}
          />
          {platforms.error ? (
            <div role="alert" className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-800">
              Não foi possível carregar as plataformas: {apiErrorMessage(platforms.error)}
              <Button variant="secondary" size="sm" onClick={() => void platforms.refetch()}>
                Tentar novamente
              </Button>
            </div>
          ) : null}
        </div>
        <TextInputField
          name="maxInstallments"
          label="Parcelas máximas"
          inputMode="numeric"
          autoComplete="off"
          readOnly={single}
          hint={single ? 'Pix e boleto são pagos em 1 parcela.' : `De 1 a ${MAX_INSTALLMENTS}.`}
        />
        <CheckboxField
          name="enabled"
          label="Ativo"
          hint="Métodos ativos aparecem no checkout assim que salvos."
          className="self-end sm:pb-2"
        />
      </div>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={record.guard} />
    </Form>
  );
}
