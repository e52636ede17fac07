import type { FieldPath, FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { FieldError, FieldHint, RequiredMark } from '../field';
import { useFormField, type FormFieldProps } from './use-form-field';

export type CheckboxFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O>;

/** A checkbox with its label beside it, bound to a boolean form field (e.g. "Ativo"). */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
}: CheckboxFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          {...f.a11y}
          ref={f.field.ref}
          type="checkbox"
          name={f.field.name}
          checked={f.field.value === true}
          onChange={(event) => f.field.onChange(event.target.checked)}
          onBlur={f.field.onBlur}
          required={required}
          disabled={f.disabled}
          className={cn(
            'h-4 w-4 shrink-0 rounded border accent-accent',
            'focus:outline-none focus:ring-2 focus:ring-accent-ring focus:ring-offset-1 disabled:cursor-not-allowed',
            f.error ? 'border-red-600' : 'border-slate-300',
          )}
        />
        <div className="flex items-baseline gap-0.5">
          <label htmlFor={f.inputId} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {required ? <RequiredMark /> : null}
        </div>
      </div>
      <div className="pl-6">
        {hint ? <FieldHint id={f.hintId}>{hint}</FieldHint> : null}
        {f.error ? <FieldError id={f.errorId}>{f.error}</FieldError> : null}
      </div>
    </div>
  );
}
