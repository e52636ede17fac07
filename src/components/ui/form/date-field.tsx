import type { InputHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { inputClasses } from '../field';
import { FieldShell } from './field-shell';
import { toText, useFormField, type FormFieldProps } from './use-form-field';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id' | 'form' | 'children' | 'required' | 'disabled' | 'className' | 'type'
>;

export type DateFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O> & NativeInputProps;

/**
 * A calendar day: the browser's own date input (typed as dd/mm/aaaa in pt-BR, a picker on phones). The form holds
 * `yyyy-mm-dd`, or '' when cleared; `min`/`max` take the same form.
 */
export function DateField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  ...inputProps
}: DateFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  return (
    <FieldShell {...f.shell} label={label} required={required} hint={hint} className={className}>
      <input
        {...inputProps}
        {...f.a11y}
        ref={f.field.ref}
        type="date"
        name={f.field.name}
        value={toText(f.field.value)}
        onChange={(event) => f.field.onChange(event.target.value)}
        onBlur={f.field.onBlur}
        required={required}
        disabled={f.disabled}
        className={inputClasses(Boolean(f.error))}
      />
    </FieldShell>
  );
}
