import { useEffect, useId, useRef, useState } from 'react';
import {
  ADDRESS_FIELDS,
  addressInputSchema,
  addressName,
  cityLine,
  EMPTY_ADDRESS,
  streetLine,
  type Address,
  type AddressInput,
} from '@/contracts/address';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RequiredMark } from '@/components/ui/field';
import { applyApiError } from '@/components/ui/form/api-errors';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { Form, FormActions } from '@/components/ui/form/form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { useCreateAddressMutation } from '@/entities/addresses/api';
import { AddressFields } from '@/entities/addresses/address-fields';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { cn } from '@/lib/cn';

/** "Adicionar endereço": the address fields with the CEP look-up, saved to Meus Endereços (POST /address). */
function NewAddressPanel({ onSaved, onCancel }: { onSaved(address: Address): void; onCancel(): void }) {
  const headingId = useId();
  const form = useZodForm(addressInputSchema, { defaultValues: EMPTY_ADDRESS });
  const [createAddress] = useCreateAddressMutation();
  // One key per address being added: a retry of the same save never makes two.
  const submitAddress = useCreateSubmit(createAddress);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { setFocus } = form;

  useEffect(() => {
    setFocus('label');
  }, [setFocus]);

  const save = async (input: AddressInput) => {
    setSaveError(null);
    try {
      const address = await submitAddress(input);
      onSaved(address);
    } catch (error) {
      const outcome = applyApiError(form, error, { fields: ADDRESS_FIELDS });
      if (outcome.kind !== 'field') setSaveError(outcome.message);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h3 id={headingId} className="mb-1 text-base font-semibold text-slate-900">
        Novo endereço
      </h3>
      <p className="mb-4 text-sm text-slate-600">Fica salvo em Meus Endereços e já vem escolhido para esta entrega.</p>
      <Form form={form} onSubmit={save} className="space-y-5">
        <FormErrorBanner message={saveError} />
        <AddressFields />
        <FormActions submitLabel="Salvar endereço" onCancel={onCancel} />
      </Form>
    </section>
  );
}

export interface DeliveryStepProps {
  addresses: readonly Address[];
  selectedId: string | null;
  error: string | undefined;
  onSelect(addressId: string): void;
  /** A new address was saved: it is selected. */
  onCreated(address: Address): void;
}

/**
 * Step 2, "Entrega": "Endereço de entrega*" among the saved addresses (the default one comes chosen), or a new one
 * added here without leaving the checkout.
 */
export function DeliveryStep({ addresses, selectedId, error, onSelect, onCreated }: DeliveryStepProps) {
  const legendId = useId();
  const errorId = useId();
  const [adding, setAdding] = useState(addresses.length === 0);
  const addButton = useRef<HTMLButtonElement>(null);
  const radios = useRef(new Map<string, HTMLInputElement>());
  const focusRadio = useRef<string | null>(null);

  useEffect(() => {
    const id = focusRadio.current;
    const radio = id ? radios.current.get(id) : undefined;
    if (radio) {
      focusRadio.current = null;
      radio.focus();
    }
  });

  return (
    <div className="space-y-5">
      <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
        <legend id={legendId} className="mb-2 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
          Endereço de entrega
          <RequiredMark />
        </legend>
        {error ? (
          <p id={errorId} className="mb-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {addresses.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
            Você ainda não tem endereços salvos. Adicione o endereço de entrega abaixo.
          </p>
        ) : (
          <ul className="space-y-2">
            {addresses.map((address) => {
              const checked = address.id === selectedId;
              return (
                <li key={address.id}>
                  <label
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-lg border bg-white p-4 shadow-sm',
                      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-ring',
                      checked ? 'border-accent ring-1 ring-accent' : error ? 'border-red-600' : 'border-slate-200 hover:border-slate-300',
                    )}
                  >
                    <input
                      ref={(element) => {
                        if (element) radios.current.set(address.id, element);
                        else radios.current.delete(address.id);
                      }}
                      type="radio"
                      name="checkout-address"
                      value={address.id}
                      checked={checked}
                      onChange={() => onSelect(address.id)}
                      required
                      aria-invalid={error ? true : undefined}
                      className="mt-1 h-4 w-4 shrink-0 accent-accent focus-visible:outline-none"
                    />
                    <span className="min-w-0 text-sm">
                      <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                        {addressName(address)}
                        {address.isDefault ? <Badge tone="accent">Padrão</Badge> : null}
                      </span>
                      <span className="block text-slate-700">{streetLine(address)}</span>
                      <span className="block text-slate-600">{cityLine(address)}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {adding ? (
        <NewAddressPanel
          onSaved={(address) => {
            setAdding(false);
            focusRadio.current = address.id;
            onCreated(address);
          }}
          onCancel={() => {
            setAdding(false);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : (
        <Button ref={addButton} variant="secondary" onClick={() => setAdding(true)}>
          Adicionar endereço
        </Button>
      )}
    </div>
  );
}
