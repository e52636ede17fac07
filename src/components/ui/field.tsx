import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { EyeIcon, EyeOffIcon } from './icons';

const controlClasses = (sizing: string, invalid: boolean, className?: string) =>
  cn(
    `block ${sizing} w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm`,
    'placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-accent-ring focus:ring-offset-1',
    'disabled:cursor-not-allowed disabled:bg-slate-100',
    invalid ? 'border-red-600' : 'border-slate-300',
    className,
  );

/** The look of a one-line control (input, native select). */
export const inputClasses = (invalid: boolean, className?: string) => controlClasses('h-10', invalid, className);

/** The same look for a multi-line control (no fixed height: `cn` does not merge conflicting utilities). */
export const textareaClasses = (invalid: boolean, className?: string) =>
  controlClasses('min-h-[6rem] py-2', invalid, className);

/** The red asterisk of a required field; hidden from screen readers (the control itself says `required`). */
export function RequiredMark() {
  return (
    <span className="text-sm font-medium text-red-600" aria-hidden="true">
      *
    </span>
  );
}

/** The help text under a control (its id goes into the control's `aria-describedby`). */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  );
}

/** The error under a control (its id goes into the control's `aria-describedby`). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  // The asterisk sits beside the label, not inside it: the field's accessible name stays exactly its label.
  return (
    <div className="mb-1.5 flex items-baseline gap-0.5">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
        {children}
      </label>
      {required ? <RequiredMark /> : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

/** A labelled input; required ones show the red asterisk; errors are tied to the input for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, required, className, type = 'text', ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(error), isPassword ? 'pr-11' : undefined)}
          {...props}
        />
        {isPassword ? (
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
            onClick={() => setRevealed((value) => !value)}
            aria-label={revealed ? 'Ocultar senha' : 'Mostrar senha'}
            aria-pressed={revealed}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      {hint && !error ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
});
