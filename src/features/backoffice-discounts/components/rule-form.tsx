import {
  discountRuleInputSchema,
  MAX_DISCOUNT_PERCENT,
  type DiscountRule,
  type DiscountRuleFormValues,
  type DiscountRuleInput,
} from '@/contracts/discount-rule';
import { isoDayOf } from '@/contracts/validators/days';
import { CheckboxField, DateField, TextInputField } from '@/components/ui/form/fields';
import { Form, FormActions } from '@/components/ui/form/form';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';

const FIELDS = ['name', 'minQuantity', 'percent', 'validFrom', 'validUntil', 'active'] as const;

/** A new rule: valid from today (Brasília), no end, active. */
export function emptyRule(now = Date.now()): DiscountRuleFormValues {
  return { name: '', minQuantity: '', percent: '', validFrom: isoDayOf(now), validUntil: '', active: true };
}

export function ruleToForm(rule: DiscountRule): DiscountRuleFormValues {
  return {
    name: rule.name,
    minQuantity: String(rule.minQuantity),
    percent: String(rule.percent),
    validFrom: isoDayOf(rule.validFrom),
    validUntil: rule.validUntil ? isoDayOf(rule.validUntil) : '',
    active: rule.active,
  };
}

export type DiscountRuleFormProps = RecordFormProps<DiscountRuleFormValues, DiscountRuleInput, DiscountRule>;

/**
 * Create and edit of a discount rule: the fields of screens.md. Whole percentages only (1 to 50); the days are
 * Brasília calendar days, the last one counting in full. A conflict with another active rule comes back from the
 * server on the field it is about.
 */
export function DiscountRuleForm({ defaultValues, submitLabel = 'Salvar', onCancel, ...save }: DiscountRuleFormProps) {
  const form = useZodForm(discountRuleInputSchema, { defaultValues });
  const record = useRecordForm({ ...save, form, fields: FIELDS, toFormValues: ruleToForm });
  const { isSubmitting } = form.formState;

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-5">
      <RecordFormBanners record={record} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField name="name" label="Nome" required className="sm:col-span-2" autoComplete="off" hint="Ex.: Lote de 10 gateways." />
        <TextInputField
          name="minQuantity"
          label="Quantidade mínima"
          required
          inputMode="numeric"
          autoComplete="off"
          hint="Unidades no pedido a partir das quais o desconto vale."
        />
        <TextInputField
          name="percent"
          label="Desconto (%)"
          required
          inputMode="numeric"
          autoComplete="off"
          hint={`Número inteiro de 1 a ${MAX_DISCOUNT_PERCENT}.`}
        />
        <DateField name="validFrom" label="Válida de" hint="Em branco: a partir de hoje." />
        <DateField name="validUntil" label="Válida até" hint="Em branco: sem data final. O último dia vale inteiro." />
        <CheckboxField
          name="active"
          label="Ativa"
          hint="Regras ativas valem no checkout assim que salvas."
          className="sm:col-span-2"
        />
      </div>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={record.guard} />
    </Form>
  );
}
