import { useCallback, useId, useState } from 'react';
import { useFormContext, useWatch, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { AddressFormValues, CepLookup } from '@/contracts/address';
import { normalizeCep, UFS } from '@/contracts/validators/fields';
import { MaskedField, SelectField, TextInputField } from '@/components/ui/form/fields';
import { cn } from '@/lib/cn';
import { useCepLookup, type CepLookupState } from './use-cep-lookup';

const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

type AddressField = keyof AddressFormValues;

/** What the CEP's line under the field says: the look-up's state, or why typed characters were dropped. */
function CepStatus({ state, rejected, onRetry }: { state: CepLookupState; rejected: string; onRetry(): void }) {
  let message = '';
  let tone = 'text-slate-600';
  if (rejected) {
    message = `O CEP aceita apenas números: “${rejected}” ${rejected.length === 1 ? 'foi ignorado' : 'foram ignorados'}.`;
    tone = 'text-amber-900';
  } else if (state.kind === 'searching') {
    message = 'Buscando CEP…';
  } else if (state.kind === 'found') {
    const { street, district, city, uf } = state.address;
    message = `Endereço encontrado: ${[street, district, `${city}/${uf}`].filter(Boolean).join(', ')}.`;
    tone = 'text-green-800';
  } else if (state.kind === 'not-found' || state.kind === 'failed') {
    message = state.message;
    tone = 'text-amber-900';
  }
  const searching = !rejected && state.kind === 'searching';
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {searching ? (
        <svg className="h-3.5 w-3.5 animate-spin text-accent motion-reduce:animate-none" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
      {/* Always in the page, so a change of its text is announced (politely: the user is typing). */}
      <span role="status" className={cn(tone, message && 'font-medium')}>
        {message}
      </span>
      {!rejected && state.kind === 'failed' ? (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-sm font-medium text-accent-strong underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
        >
          Buscar de novo
        </button>
      ) : null}
    </span>
  );
}

export interface AddressFieldsProps<T extends FieldValues> {
  /**
   * The form field that holds the address (its values are `AddressFormValues`), e.g. `newAddress` in the checkout's
   * form; left out, the address fields are the form's own (`addressInputSchema` is its schema).
   */
  name?: FieldPathByValue<T, AddressFormValues>;
  /** Shows "Apelido" (default). */
  showLabel?: boolean;
  className?: string;
}

/**
 * The fields of an address, inside a `<Form>` whose schema has `addressInputSchema` (at its root or under `name`):
 * Apelido, CEP*, Rua*, Número*, Complemento, Bairro*, Cidade*, UF*. Typing a complete CEP looks it up
 * (GET /address/cep/:cep): Rua, Bairro, Cidade and UF are filled, focus moves to Número and the line under the CEP
 * says what was found ("Buscando CEP…" meanwhile). An unknown CEP, or a look-up that fails, leaves the fields to be
 * typed by hand and says so. Número and Complemento are never overwritten.
 */
export function AddressFields<T extends FieldValues = AddressFormValues>({ name, showLabel = true, className }: AddressFieldsProps<T>) {
  const form = useFormContext();
  const path = (field: AddressField): string => (name ? `${name}.${field}` : field);
  const cepPath = path('cep');
  const cepId = useId();
  const watched: unknown = useWatch({ name: cepPath });
  const cep = typeof watched === 'string' ? watched : '';
  const [rejected, setRejected] = useState('');

  const { setValue, getFieldState, setFocus } = form;
  const fill = useCallback(
    (address: CepLookup) => {
      const filled: Array<[AddressField, string]> = [
        ['street', address.street],
        ['district', address.district],
        ['city', address.city],
        ['uf', address.uf],
      ];
      for (const [field, value] of filled) {
        const fieldPath = name ? `${name}.${field}` : field;
        // Validated only where an error shows, so a fix clears it; an empty field is not called out early.
        setValue(fieldPath, value, { shouldDirty: true, shouldValidate: Boolean(getFieldState(fieldPath).error) });
      }
      // Focus moves on only from the CEP field (never away from wherever the user went meanwhile): to Número, or
      // to Rua when the CEP is a whole city's and has no street.
      const active = document.activeElement;
      if (active === null || active === document.body || active.id === cepId) {
        const next: AddressField = address.street ? 'number' : 'street';
        setFocus(name ? `${name}.${next}` : next);
      }
    },
    [name, setValue, getFieldState, setFocus, cepId],
  );

  const lookup = useCepLookup(cep, fill);
  const searching = lookup.state.kind === 'searching';

  return (
    <div className={cn('grid gap-5 sm:grid-cols-6', className)}>
      {showLabel ? (
        <TextInputField
          name={path('label')}
          label="Apelido"
          hint="Como você reconhece este endereço: Fábrica, Escritório, Depósito…"
          autoComplete="off"
          className="sm:col-span-6"
        />
      ) : null}
      <MaskedField
        id={cepId}
        name={cepPath}
        label="CEP"
        mask="cep"
        required
        className="sm:col-span-3"
        aria-busy={searching || undefined}
        onRejectedInput={(dropped, value) => {
          // Said until the CEP is complete or emptied, not only for the keystroke that dropped something.
          const digits = normalizeCep(value).length;
          if (dropped) setRejected(dropped);
          else if (digits === 0 || digits === 8) setRejected('');
        }}
        hint={<CepStatus state={lookup.state} rejected={rejected} onRetry={lookup.retry} />}
      />
      <TextInputField name={path('street')} label="Rua" required autoComplete="address-line1" className="sm:col-span-4" />
      <TextInputField name={path('number')} label="Número" required autoComplete="off" className="sm:col-span-2" />
      <TextInputField
        name={path('complement')}
        label="Complemento"
        autoComplete="address-line2"
        placeholder="Galpão, sala, bloco…"
        className="sm:col-span-3"
      />
      <TextInputField name={path('district')} label="Bairro" required autoComplete="address-level3" className="sm:col-span-3" />
      <TextInputField name={path('city')} label="Cidade" required autoComplete="address-level2" className="sm:col-span-4" />
      <SelectField
        name={path('uf')}
        label="UF"
        required
        options={UF_OPTIONS}
        placeholder="Selecione"
        autoComplete="address-level1"
        className="sm:col-span-2"
      />
    </div>
  );
}
