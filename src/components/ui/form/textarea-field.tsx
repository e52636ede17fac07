import type { TextareaHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { textareaClasses } from '../field';
import { FieldShell } from './field-shell';
import { toText, useFormField, type FormFieldProps } from './use-form-field';

type NativeTextareaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id' | 'form' | 'children' | 'required' | 'disabled' | 'className'
>;

export type TextareaFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O> &
  NativeTextareaProps;

/** A labelled multi-line text bound to a form field (3 rows unless told). */
export function TextareaField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  rows = 3,
  ...textareaProps
}: TextareaFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  return (
    <FieldShell {...f.shell} label={label} required={required} hint={hint} className={className}>
      <textarea
        {...textareaProps}
        {...f.a11y}
        ref={f.field.ref}
        rows={rows}
        name={f.field.name}
        value={toText(f.field.value)}
        onChange={(event) => f.field.onChange(event.target.value)}
        onBlur={f.field.onBlur}
        required={required}
        disabled={f.disabled}
        className={textareaClasses(Boolean(f.error))}
      />
    </FieldShell>
  );
}
