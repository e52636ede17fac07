import { useId, useState, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { apiErrorMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { Button } from '../button';
import { FieldError, FieldHint, RequiredMark } from '../field';
import { CloseIcon } from '../icons';
import { SearchInput } from '../search-input';
import { Skeleton } from '../skeleton';
import type { SelectSearch } from './searchable-select-field';
import { useFormField, type FormFieldProps } from './use-form-field';

export interface MultiSelectOption {
  value: string;
  label: string;
  /** A second line (serial number, owner…). */
  description?: ReactNode;
  disabled?: boolean;
}

export type MultiSelectFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O> & {
  /** The options of the current search; undefined until the first answer. */
  options: readonly MultiSelectOption[] | undefined;
  /** The options chosen before (a record's): their names show while a search leaves them out. */
  selectedOptions?: readonly MultiSelectOption[];
  /** A search box above the options (the options are then the server's first matches). */
  search?: SelectSearch | null;
  isLoading?: boolean;
  isFetching?: boolean;
  /** Loading the options failed: said in the list, with "Tentar novamente" when `onRetry` is given. */
  error?: unknown;
  onRetry?(): void;
  /** Nothing to choose from at all. */
  emptyText?: string;
  /** The search matched nothing. Default "Nada corresponde à busca." */
  noResultsText?: string;
  /** The heading of the chosen list: "2 máquinas escolhidas" (default "2 selecionados"). */
  countLabel?(count: number): string;
  /** Under the options ("Mostrando 100 de 240: refine a busca"). */
  footnote?: ReactNode;
};

const CHECKBOX = 'mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring';

/**
 * Choosing several records from a list the server searches, bound to a form field holding their ids (`string[]`):
 * a group (fieldset) named by its label, the chosen ones as removable chips ("Remover …"), a search box, and the
 * current options as checkboxes. Chosen options keep their names while another search runs.
 *
 * ```tsx
 * <MultiSelectField name="machineIds" label="Máquinas" options={options} selectedOptions={current}
 *   search={{ label: 'Buscar máquinas', value: q, onSearch: setQ }} isLoading={isLoading} />
 * ```
 */
export function MultiSelectField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  options,
  selectedOptions = [],
  search,
  isLoading = false,
  isFetching = false,
  error: loadError,
  onRetry,
  emptyText = 'Nada para escolher.',
  noResultsText = 'Nada corresponde à busca.',
  countLabel = (count) => (count === 1 ? '1 selecionado' : `${count} selecionados`),
  footnote,
}: MultiSelectFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  const chosenId = useId();
  const value: unknown = f.field.value;
  const selected: string[] = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const selectedSet = new Set(selected);
  /** Options chosen in this form, by id: their names stay when a search leaves them out. */
  const [picked, setPicked] = useState<ReadonlyMap<string, MultiSelectOption>>(() => new Map());

  const optionOf = (item: string): MultiSelectOption =>
    picked.get(item) ??
    selectedOptions.find((option) => option.value === item) ??
    options?.find((option) => option.value === item) ?? { value: item, label: item };

  const setSelected = (next: string[]) => {
    f.field.onChange(next);
    f.field.onBlur();
  };
  const toggle = (option: MultiSelectOption, checked: boolean) => {
    if (checked) {
      setPicked((previous) => new Map(previous).set(option.value, option));
      setSelected(selectedSet.has(option.value) ? selected : [...selected, option.value]);
    } else {
      setSelected(selected.filter((item) => item !== option.value));
    }
  };

  const hasLoadError = loadError !== undefined && loadError !== null;
  let list: ReactNode;
  if (hasLoadError) {
    list = (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {apiErrorMessage(loadError)}
        {onRetry ? (
          <Button variant="secondary" size="sm" loading={isFetching} onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null}
      </div>
    );
  } else if (isLoading || options === undefined) {
    list = (
      <div aria-busy="true" className="space-y-2">
        <p role="status" className="sr-only">
          Carregando…
        </p>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (options.length === 0) {
    list = (
      <p className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600">
        {search?.value ? noResultsText : emptyText}
      </p>
    );
  } else {
    list = (
      <ul
        aria-busy={isFetching || undefined}
        className={cn('max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200', isFetching && 'opacity-60')}
      >
        {options.map((option) => (
          <li key={option.value}>
            <label
              className={cn(
                'flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50',
                selectedSet.has(option.value) && 'bg-accent-soft/40',
                (option.disabled || f.disabled) && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="checkbox"
                className={CHECKBOX}
                checked={selectedSet.has(option.value)}
                disabled={option.disabled || f.disabled}
                aria-invalid={f.error ? true : undefined}
                aria-describedby={f.error ? f.errorId : undefined}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{option.label}</span>
                {option.description ? <span className="block text-slate-600">{option.description}</span> : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <fieldset
      ref={f.field.ref}
      tabIndex={-1}
      aria-describedby={f.a11y['aria-describedby']}
      className={cn('min-w-0 space-y-2 rounded-md focus:outline-none', className)}
      disabled={f.disabled}
    >
      <legend className="mb-1.5 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      <div>
        <p id={chosenId} className="text-xs text-slate-600" aria-live="polite">
          {countLabel(selected.length)}
        </p>
        {selected.length > 0 ? (
          <ul aria-labelledby={chosenId} className="mt-1.5 flex flex-wrap gap-1.5">
            {selected.map((item) => {
              const option = optionOf(item);
              return (
                <li
                  key={item}
                  className="inline-flex max-w-full items-center gap-1 rounded-md bg-accent-soft py-0.5 pl-2 pr-0.5 text-xs font-medium text-accent-strong"
                >
                  <span className="truncate">{option.label}</span>
                  <button
                    type="button"
                    aria-label={`Remover ${option.label}`}
                    disabled={f.disabled}
                    onClick={() => setSelected(selected.filter((other) => other !== item))}
                    className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-accent-strong hover:bg-white/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
                  >
                    <CloseIcon className="h-3.5 w-3.5" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      {search ? (
        <SearchInput label={search.label} placeholder={search.placeholder ?? search.label} value={search.value} onSearch={search.onSearch} />
      ) : null}
      {list}
      {footnote ? <p className="text-xs text-slate-600">{footnote}</p> : null}
      {hint ? <FieldHint id={f.hintId}>{hint}</FieldHint> : null}
      {f.error ? <FieldError id={f.errorId}>{f.error}</FieldError> : null}
    </fieldset>
  );
}
