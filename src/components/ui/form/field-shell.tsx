import type { ReactNode } from 'react';
import { FieldError, FieldHint, FieldLabel } from '../field';

export interface FieldShellProps {
  inputId: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  className?: string;
  children: ReactNode;
}

/**
 * Label (with the required asterisk), control, hint and error. Unlike the sign-in pages' `TextField`, the hint
 * stays under the control when an error shows: it explains the format the error refers to (e.g. the CNPJ's).
 */
export function FieldShell({ inputId, label, required, hint, hintId, error, errorId, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      {children}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
