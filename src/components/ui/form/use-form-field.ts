import { useId, type ReactNode } from 'react';
import {
  useController,
  useFormState,
  type Control,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

/** What every form field takes. Pass `control={form.control}` to have `name` checked against the form's values. */
export interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> {
  name: N;
  /** Optional: fields read the form from `<Form>`; passing it only types `name`. */
  control?: Control<T, unknown, O>;
  label: string;
  hint?: ReactNode;
  /** Shows the red asterisk and marks the control `required` (validation itself is the schema's). */
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** Text of a form value for an input (numbers shown as typed, null/undefined as empty). */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * The wiring shared by the fields: the controller, the ids tying label, hint and error to the control, and the
 * disabled state (also while the form submits).
 */
export function useFormField<T extends FieldValues, N extends FieldPath<T>, O>(
  { name, control, id, disabled, hint }: Pick<FormFieldProps<T, N, O>, 'name' | 'control' | 'id' | 'disabled' | 'hint'>,
) {
  const { field, fieldState } = useController<T, N, O>({ name, control });
  const { isSubmitting } = useFormState<T, O>({ control });
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const error = fieldState.error ? (fieldState.error.message ?? 'Valor inválido.') : undefined;
  const isDisabled = Boolean(disabled) || isSubmitting;


  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return {
    field,
    error,
    inputId,
    errorId,
    hintId,
    disabled: isDisabled,
    /** Spread on the FieldShell around the control. */
    shell: { inputId, hintId, error, errorId },
    /** Spread on the control. */
    a11y: {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    },
  };
}
