/**
 * The checkout's payment step: the methods in force, the instalments and the card form (kept as a draft while the
 * step is left). Just over 300 lines: the card's formatted fields are this form's alone and read its state.
 */
import { useEffect, useId, useMemo, type InputHTMLAttributes, type ReactNode } from 'react';
import { useController, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { PAYMENT_KIND_LABELS, BOLETO_DUE_DAYS, PIX_VALIDITY_MS } from '@/contracts/order';
import type { CheckoutPaymentMethod } from '@/contracts/payment-method';
import {
  cardBrand,
  CARD_BRAND_LABELS,
  DEMO_TEST_CARDS,
  maskCardExpiry,
  maskCardNumber,
} from '@/contracts/validators/card';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses, RequiredMark } from '@/components/ui/field';
import { FieldShell } from '@/components/ui/form/field-shell';
import { Form } from '@/components/ui/form/form';
import { SelectField } from '@/components/ui/form/select-field';
import { TextInputField } from '@/components/ui/form/text-input-field';
import { useFormField } from '@/components/ui/form/use-form-field';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { getEnv } from '@/config/env';
import {
  paymentFormSchema,
  type CardFormValues,
  type PaymentFormValues,
  type PaymentStepOutput,
} from './payment-form';
import { installmentOptions } from './price-preview';
import { cn } from '@/lib/cn';
import { StepActions } from './step-frame';

const PIX_MINUTES = Math.round(PIX_VALIDITY_MS / 60_000);

/** What each kind of method means for the buyer, shown under its name. */
export function methodRules(method: CheckoutPaymentMethod): string {
  switch (method.kind) {
    case 'pix':
      return `O código Pix (copia e cola) e o QR code aparecem assim que você finalizar o pedido; pague em até ${PIX_MINUTES} minutos. À vista.`;
    case 'boleto':
      return `A linha digitável (47 dígitos) e o vencimento, em ${BOLETO_DUE_DAYS} dias, aparecem assim que você finalizar o pedido. A compensação leva até 3 dias úteis. À vista.`;
    case 'cartao-credito':
      return method.maxInstallments > 1
        ? `Em até ${method.maxInstallments}x. Aprovado na hora: os gateways entram na sua conta assim que o pagamento é aprovado.`
        : 'À vista. Aprovado na hora: os gateways entram na sua conta assim que o pagamento é aprovado.';
  }
}

type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'id' | 'className'>;

/** A text field whose value is re-formatted as typed (the card number in groups of four, the expiry as MM/AA). */
function FormattedField({
  name,
  label,
  hint,
  format,
  className,
  ...inputProps
}: MaskedInputProps & {
  name: FieldPath<PaymentFormValues>;
  label: string;
  hint?: ReactNode;
  format: (value: string) => string;
  className?: string;
}) {
  const f = useFormField<PaymentFormValues, typeof name, PaymentStepOutput>({ name, hint });
  const value = typeof f.field.value === 'string' ? f.field.value : '';
  return (
    <FieldShell {...f.shell} label={label} required hint={hint} className={className}>
      <input
        {...inputProps}
        {...f.a11y}
        ref={f.field.ref}
        type="text"
        name={f.field.name}
        value={value}
        onChange={(event) => f.field.onChange(format(event.target.value))}
        onBlur={f.field.onBlur}
        required
        disabled={f.disabled}
        className={inputClasses(Boolean(f.error))}
      />
    </FieldShell>
  );
}

function CardFields({ method, total }: { method: CheckoutPaymentMethod; total: number }) {
  const number = useWatch<PaymentFormValues, 'card.number'>({ name: 'card.number' });
  const brand = number.replace(/\D/g, '').length >= 4 ? cardBrand(number) : null;
  const options = useMemo(
    () => installmentOptions(total, method.maxInstallments).map((option) => ({ value: String(option.value), label: option.label })),
    [total, method.maxInstallments],
  );
  const demo = getEnv().demo;
  return (
    <div className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <div>
        <h3 className="text-base font-semibold text-slate-900">Dados do cartão</h3>
        <p className="text-sm text-slate-600">Usados só para esta cobrança: não ficam salvos neste navegador nem no pedido.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-6">
        <FormattedField
          name="card.number"
          label="Número do cartão"
          format={maskCardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          hint={brand ? `Bandeira: ${CARD_BRAND_LABELS[brand]}` : 'Só os números, como estão no cartão.'}
          className="sm:col-span-6"
        />
        <TextInputField<PaymentFormValues, 'card.holder', PaymentStepOutput>
          name="card.holder"
          label="Nome impresso no cartão"
          required
          autoComplete="cc-name"
          autoCapitalize="characters"
          spellCheck={false}
          className="sm:col-span-6"
        />
        <FormattedField
          name="card.expiry"
          label="Validade"
          format={maskCardExpiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          hint="Mês e ano: MM/AA."
          className="sm:col-span-3"
        />
        <TextInputField<PaymentFormValues, 'card.cvc', PaymentStepOutput>
          name="card.cvc"
          label="Código de segurança"
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          hint="3 dígitos no verso (4 na frente, no American Express)."
          className="sm:col-span-3"
        />
        <SelectField<PaymentFormValues, 'installments', PaymentStepOutput>
          name="installments"
          label="Parcelas"
          required
          options={options}
          hint={`Até ${method.maxInstallments}x neste cartão; o valor de cada parcela já inclui o total do pedido.`}
          className="sm:col-span-6"
        />
      </div>
      {demo ? (
        <details className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-800">Cartões de teste da demonstração</summary>
          <ul className="mt-2 space-y-1">
            {DEMO_TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono">{maskCardNumber(card.number)}</span>: {card.description}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-slate-600">Qualquer validade futura e qualquer código de segurança.</p>
        </details>
      ) : null}
    </div>
  );
}

/** "Forma de pagamento*": the methods in force, each with its rules. */
function MethodRadios({ methods, onChoose }: { methods: readonly CheckoutPaymentMethod[]; onChoose(id: string): void }) {
  const errorId = useId();
  const { control } = useFormContext<PaymentFormValues>();
  const { field, fieldState } = useController<PaymentFormValues, 'paymentMethodId'>({ name: 'paymentMethodId', control });
  const error = fieldState.error?.message;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="mb-2 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        Forma de pagamento
        <RequiredMark />
      </legend>
      {error ? (
        <p id={errorId} className="mb-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="space-y-2">
        {methods.map((method, index) => {
          const checked = field.value === method.id;
          return (
            <li key={method.id}>
              <label
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border bg-white p-4 shadow-sm',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-ring',
                  checked ? 'border-accent ring-1 ring-accent' : error ? 'border-red-600' : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input
                  ref={index === 0 ? field.ref : undefined}
                  type="radio"
                  name={field.name}
                  value={method.id}
                  checked={checked}
                  onChange={() => {
                    field.onChange(method.id);
                    onChoose(method.id);
                  }}
                  onBlur={field.onBlur}
                  required
                  aria-invalid={error ? true : undefined}
                  className="mt-1 h-4 w-4 shrink-0 accent-accent focus-visible:outline-none"
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-slate-900">
                    {method.name}
                    {method.name.toLowerCase().startsWith(PAYMENT_KIND_LABELS[method.kind].toLowerCase().split(' ')[0] ?? '') ? null : (
                      <span className="font-normal text-slate-600"> ({PAYMENT_KIND_LABELS[method.kind]})</span>
                    )}
                  </span>
                  <span className="block text-slate-600">{methodRules(method)}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export interface PaymentStepProps {
  methods: readonly CheckoutPaymentMethod[];
  methodsLoading: boolean;
  paymentMethodId: string | null;
  installments: number;
  /** The card as typed before (kept in memory while the checkout is open). */
  cardDraft: CardFormValues;
  /** The order's total now (centavos): each instalment's amount. */
  total: number;
  /** Errors the server put on this step's fields (`paymentMethodId`, `installments`, `card.number`…). */
  serverErrors: Partial<Record<string, string>>;
  onChoose(paymentMethodId: string, installments: number): void;
  onInstallments(installments: number): void;
  onCardDraft(card: CardFormValues): void;
  onBack(): void;
  onDone(output: PaymentStepOutput): void;
}

/**
 * Step 3, "Pagamento": the methods staff have enabled (Pix, boleto, cartão), each with its rules; a card brings its
 * fields and "Parcelas" up to the method's maximum, each with its amount. "Continuar" opens the review.
 */
export function PaymentStep({
  methods,
  methodsLoading,
  paymentMethodId,
  installments,
  cardDraft,
  total,
  serverErrors,
  onChoose,
  onInstallments,
  onCardDraft,
  onBack,
  onDone,
}: PaymentStepProps) {
  const schema = useMemo(() => paymentFormSchema(methods), [methods]);
  const form = useZodForm(schema, {
    defaultValues: {
      paymentMethodId: paymentMethodId ?? '',
      installments: String(installments),
      card: cardDraft,
    },
  });
  const { setError, getValues, control } = form;
  const methodId = useWatch({ control, name: 'paymentMethodId' });
  const chosenInstallments = useWatch({ control, name: 'installments' });
  const method = methods.find((candidate) => candidate.id === methodId) ?? null;

  // The server's field errors (a declined card, instalments over the maximum) land on their fields; the focus goes to
  // the step's heading, under which the notice says what happened.
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors)) {
      if (!message) continue;
      if (field === 'paymentMethodId' || field === 'installments' || field.startsWith('card.')) {
        setError(field as FieldPath<PaymentFormValues>, { type: 'server', message });
      }
    }
  }, [serverErrors, setError]);

  // The instalments chosen are the cart's (the review shows them); the card stays in memory only.
  useEffect(() => {
    const n = Number(chosenInstallments);
    if (method?.kind === 'cartao-credito' && Number.isInteger(n) && n >= 1) onInstallments(n);
  }, [chosenInstallments, method?.kind, onInstallments]);
  useEffect(() => () => onCardDraft(getValues('card')), [getValues, onCardDraft]);

  if (!methodsLoading && methods.length === 0) {
    return (
      <div className="space-y-5">
        <EmptyState
          headingLevel={3}
          title="Nenhuma forma de pagamento disponível"
          description="No momento não há formas de pagamento ativas. Tente de novo em alguns minutos ou fale com o suporte."
        />
        <StepActions onBack={onBack} next={<span />} />
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={onDone} className="space-y-5">
      <MethodRadios
        methods={methods}
        onChoose={(id) => {
          const chosen = methods.find((candidate) => candidate.id === id);
          const n = chosen?.kind === 'cartao-credito' ? Math.min(Number(getValues('installments')) || 1, chosen.maxInstallments) : 1;
          form.setValue('installments', String(n));
          onChoose(id, n);
        }}
      />
      {method?.kind === 'cartao-credito' ? <CardFields method={method} total={total} /> : null}
      <StepActions onBack={onBack} next={<Button type="submit">Continuar</Button>} />
    </Form>
  );
}
