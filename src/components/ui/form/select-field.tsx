import type { SelectHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { inputClasses } from '../field';
import { FieldShell } from './field-shell';
import { toText, useFormField, type FormFieldProps } from './use-form-field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type NativeSelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  | 'name'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'onBlur'
  | 'id'
  | 'form'
  | 'children'
  | 'required'
  | 'disabled'
  | 'className'
  | 'multiple'
>;

export type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O> &
  NativeSelectProps & {
    options: readonly SelectOption[];
    /** The first option, value `''` (e.g. "Selecione…"); left out when not given. */
    placeholder?: string;
  };

/**
 * A native `<select>` styled like the inputs: the phone's own picker, and what screen readers know best. The form
 * holds the option's value (a string; `''` for the placeholder).
 */
export function SelectField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  return (
    <FieldShell {...f.shell} label={label} required={required} hint={hint} className={className}>
      <select
        {...selectProps}
        {...f.a11y}
        ref={f.field.ref}
        name={f.field.name}
        value={toText(f.field.value)}
        onChange={(event) => f.field.onChange(event.target.value)}
        onBlur={f.field.onBlur}
        required={required}
        disabled={f.disabled}
        className={inputClasses(Boolean(f.error), 'pr-8')}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
