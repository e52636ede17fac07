import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';

/**
 * "Excluir" behind a confirmation. A refusal of the backend (409 with its reason: methods on a platform, orders
 * awaiting payment with a method) is said inside the dialog, and nothing is deleted.
 */
export function DeleteDialog<R extends { id: string; name: string }>({
  record,
  title,
  what,
  successMessage,
  remove,
  pending,
  onOpenChange,
  onDeleted,
}: {
  record: R | null;
  /** "Excluir plataforma?" */
  title: string;
  /** The sentence under the title, after the record's name ("será excluída."). */
  what: ReactNode;
  successMessage: string;
  remove(id: string): Promise<unknown>;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!record) return;
    setError(null);
    try {
      await remove(record.id);
      toast.success(successMessage);
      close(false);
      onDeleted?.();
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={close}
      title={title}
      description={
        record ? (
          <>
            <strong className="font-semibold text-slate-900">{record.name}</strong> {what}
          </>
        ) : null
      }
      confirmLabel="Excluir"
      tone="danger"
      pending={pending}
      error={error}
      onConfirm={() => void confirm()}
    />
  );
}
