import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './alert-dialog';
import { FieldError, FieldLabel, textareaClasses } from './field';
import { toast } from './toast';
import { apiErrorMessage } from '@/lib/api/errors';

/**
 * A confirmation that needs a reason (refusing a request, staff ending a session): the reason is checked by
 * `validate` (the contract's message, or null), `run` gets it trimmed; a failure stays in the dialog. Open while
 * `open`; closing clears it.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  confirmLabel,
  validate,
  run,
  successMessage,
  pending,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  /** The field's label ("Motivo da recusa"). */
  label: string;
  confirmLabel: string;
  validate(reason: string): { reason: string } | { error: string };
  run(reason: string): Promise<unknown>;
  /** The toast once done; none when the page itself says what happened. */
  successMessage?: string;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setInvalid(null);
      setError(null);
    }
    onOpenChange(next);
  };

  const confirm = async () => {
    const checked = validate(reason);
    if ('error' in checked) {
      setInvalid(checked.error);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setInvalid(null);
    setError(null);
    try {
      await run(checked.reason);
      if (successMessage) toast.success(successMessage);
      close(false);
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      tone="danger"
      pending={pending}
      error={error}
      onConfirm={() => void confirm()}
    >
      <div>
        <FieldLabel htmlFor={fieldId} required>
          {label}
        </FieldLabel>
        <textarea
          id={fieldId}
          required
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${fieldId}-error` : undefined}
          className={textareaClasses(Boolean(invalid))}
        />
        {invalid ? <FieldError id={`${fieldId}-error`}>{invalid}</FieldError> : null}
      </div>
    </ConfirmDialog>
  );
}
