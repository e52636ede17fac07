import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldError, FieldHint } from '@/components/ui/field';
import { useFormField, type FormFieldProps } from '@/components/ui/form/use-form-field';
import { cn } from '@/lib/cn';

/**
 * An on/off switch bound to a boolean form field ("Ativo"): a `role="switch"` button named by its label, toggled by
 * a click, Space or Enter.
 */
export function SwitchField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  disabled,
  id,
  className,
}: FormFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  const on = f.field.value === true;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <button
          {...f.a11y}
          ref={f.field.ref}
          type="button"
          role="switch"
          aria-checked={on}
          disabled={f.disabled}
          onClick={() => f.field.onChange(!on)}
          onBlur={f.field.onBlur}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2',
            'disabled:cursor-not-allowed disabled:opacity-60',
            on ? 'bg-accent' : 'bg-slate-300',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5' : 'translate-x-0',
            )}
          />
        </button>
        <label htmlFor={f.inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      {hint ? <FieldHint id={f.hintId}>{hint}</FieldHint> : null}
      {f.error ? <FieldError id={f.errorId}>{f.error}</FieldError> : null}
    </div>
  );
}

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A group of checkboxes (a fieldset named by its legend) bound to a form field holding the chosen values
 * (`string[]`, kept in the options' order). Values the form holds but the group does not show stay as they are.
 * The field's error is said under the group and by each checkbox.
 */
export function CheckboxGroupField<T extends FieldValues, N extends FieldPath<T>, V extends string, O = T>({
  name,
  control,
  label,
  hint,
  disabled,
  id,
  className,
  options,
}: FormFieldProps<T, N, O> & { options: readonly ChoiceOption<V>[] }) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  const value: unknown = f.field.value;
  const chosen: string[] = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const toggle = (option: V, checked: boolean) => {
    const others = chosen.filter((item) => item !== option);
    const next = checked ? [...others, option] : others;
    const order = (item: string) => {
      const index = options.findIndex((candidate) => candidate.value === item);
      return index === -1 ? options.length : index;
    };
    f.field.onChange([...next].sort((a, b) => order(a) - order(b)));
    f.field.onBlur();
  };
  return (
    <fieldset
      ref={f.field.ref}
      tabIndex={-1}
      id={f.inputId}
      aria-describedby={f.a11y['aria-describedby']}
      disabled={f.disabled}
      className={cn('min-w-0 rounded-md focus:outline-none', className)}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              disabled={f.disabled}
              aria-invalid={f.error ? true : undefined}
              aria-describedby={f.error ? f.errorId : undefined}
              onChange={(event) => toggle(option.value, event.target.checked)}
              className={cn(
                'h-4 w-4 shrink-0 rounded border accent-accent focus:outline-none focus:ring-2 focus:ring-accent-ring focus:ring-offset-1',
                'disabled:cursor-not-allowed',
                f.error ? 'border-red-600' : 'border-slate-300',
              )}
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint ? <FieldHint id={f.hintId}>{hint}</FieldHint> : null}
      {f.error ? <FieldError id={f.errorId}>{f.error}</FieldError> : null}
    </fieldset>
  );
}
