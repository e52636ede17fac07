import type { InputHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { inputClasses } from '../field';
import { FieldShell } from './field-shell';
import { toText, useFormField, type FormFieldProps } from './use-form-field';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id' | 'form' | 'children' | 'required' | 'disabled' | 'className'
>;

export type TextInputFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O> &
  NativeInputProps & {
    /** Text-like types only: the form holds a string (a number schema uses `z.coerce`). */
    type?: 'text' | 'email' | 'url' | 'search' | 'tel' | 'number' | 'password';
  };

/** A labelled one-line input bound to a form field. */
export function TextInputField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  type = 'text',
  ...inputProps
}: TextInputFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  return (
    <FieldShell {...f.shell} label={label} required={required} hint={hint} className={className}>
      <input
        {...inputProps}
        {...f.a11y}
        ref={f.field.ref}
        type={type}
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
