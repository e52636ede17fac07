import { useId, useState } from 'react';
import { durationLabel, remoteAccessRefuseSchema } from '@/contracts/remote-access';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { FieldError, FieldLabel, textareaClasses } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useRefuseRemoteAccessMutation } from '../api';
import type { RemoteAccessSession } from '../types';

/** "Recusar" a request, with the reason (required; the requester sees it in Histórico). Open while `session` is set. */
export function RefuseDialog({ session, onOpenChange }: { session: RemoteAccessSession | null; onOpenChange(open: boolean): void }) {
  const [refuse, { isLoading }] = useRefuseRemoteAccessMutation();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  const close = (open: boolean) => {
    if (!open) {
      setReason('');
      setInvalid(null);
      setError(null);
    }
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!session) return;
    const parsed = remoteAccessRefuseSchema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Informe o motivo da recusa.');
      document.getElementById(fieldId)?.focus();
      return;
    }
    setInvalid(null);
    setError(null);
    try {
      await refuse({ id: session.id, reason: parsed.data.reason }).unwrap();
      toast.success(`Solicitação de ${session.requesterName} recusada.`);
      close(false);
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  };

  return (
    <ConfirmDialog
      open={session !== null}
      onOpenChange={close}
      title="Recusar solicitação?"
      description={
        session
          ? `${session.requesterName} pediu ${durationLabel(session.durationHours)} de acesso a ${session.machineName}: “${session.reason}”.`
          : null
      }
      confirmLabel="Recusar"
      tone="danger"
      pending={isLoading}
      error={error}
      onConfirm={() => void confirm()}
    >
      <div>
        <FieldLabel htmlFor={fieldId} required>
          Motivo da recusa
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
