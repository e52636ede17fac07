import type { FieldPath, FieldValues } from 'react-hook-form';
import { SearchInput } from '../search-input';
import { SelectField, type SelectFieldProps, type SelectOption } from './select-field';

export interface SelectSearch {
  /** The search box's name for screen readers ("Buscar cliente"). */
  label: string;
  /** The search the options came from. */
  value: string;
  /** Debounced: ask the server for the options matching `q`. */
  onSearch(q: string): void;
  placeholder?: string;
}

export type SearchableSelectFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = SelectFieldProps<T, N, O> & {
  /**
   * A search box under the select, for lists longer than a native select should hold (more than ~100 records):
   * the options are the first matches of a server search. Left out (null) while the whole list fits.
   */
  search?: SelectSearch | null;
  /** The option chosen before (a record's current customer): kept in the select when a search leaves it out. */
  selected?: SelectOption | null;
};

/**
 * A native select of records (SelectField) whose options come from the server: up to a page of them, and, when
 * there are more, a search box that narrows them. The chosen option never disappears from the select while
 * another search runs.
 */
export function SearchableSelectField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  search,
  selected,
  options,
  className,
  ...props
}: SearchableSelectFieldProps<T, N, O>) {
  const all = selected && !options.some((option) => option.value === selected.value) ? [selected, ...options] : options;
  return (
    <div className={className}>
      <SelectField<T, N, O> {...props} options={all} />
      {search ? (
        <SearchInput
          className="mt-2"
          label={search.label}
          placeholder={search.placeholder ?? search.label}
          value={search.value}
          onSearch={search.onSearch}
        />
      ) : null}
    </div>
  );
}
