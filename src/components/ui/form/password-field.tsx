import { useState, type InputHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { inputClasses } from '../field';
import { EyeIcon, EyeOffIcon } from '../icons';
import { FieldShell } from './field-shell';
import { toText, useFormField, type FormFieldProps } from './use-form-field';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id' | 'form' | 'children' | 'required' | 'disabled' | 'className' | 'type'
>;

export type PasswordFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = FormFieldProps<T, N, O> &
  NativeInputProps & {
    /** The show/hide button's names: what is hidden ("senha", "chave secreta"). Default 'senha'. */
    secretName?: string;
  };

/**
 * A secret typed into a form (a password, an API key): masked, with a button that shows and hides it (a toggle,
 * `aria-pressed`, named "Mostrar senha" / "Ocultar senha"). Not filled in by the browser's saved passwords unless
 * `autoComplete` says so (default `off`).
 */
export function PasswordField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  secretName = 'senha',
  autoComplete = 'off',
  ...inputProps
}: PasswordFieldProps<T, N, O>) {
  const f = useFormField<T, N, O>({ name, control, id, disabled, hint });
  const [revealed, setRevealed] = useState(false);
  return (
    <FieldShell {...f.shell} label={label} required={required} hint={hint} className={className}>
      <div className="relative">
        <input
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          {...inputProps}
          {...f.a11y}
          ref={f.field.ref}
          type={revealed ? 'text' : 'password'}
          autoComplete={autoComplete}
          name={f.field.name}
          value={toText(f.field.value)}
          onChange={(event) => f.field.onChange(event.target.value)}
          onBlur={f.field.onBlur}
          required={required}
          disabled={f.disabled}
          className={inputClasses(Boolean(f.error), 'pr-11 font-mono')}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring disabled:cursor-not-allowed"
          onClick={() => setRevealed((value) => !value)}
          aria-label={revealed ? `Ocultar ${secretName}` : `Mostrar ${secretName}`}
          aria-pressed={revealed}
          disabled={f.disabled}
        >
          {revealed ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}
