import { useState } from 'react';
import type { MachineModel } from '@/contracts/machine-model';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useDeleteMachineModelMutation } from '../api';

/**
 * "Excluir" behind a confirmation. A model that machines use is refused by the backend (409 naming how many):
 * the reason is said inside the dialog, and nothing is deleted.
 */
export function DeleteMachineModelDialog({
  model,
  onOpenChange,
  onDeleted,
}: {
  model: Pick<MachineModel, 'id' | 'name'> | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [deleteModel, { isLoading }] = useDeleteMachineModelMutation();
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!model) return;
    setError(null);
    try {
      await deleteModel(model.id).unwrap();
      toast.success('Modelo excluído.');
      close(false);
      onDeleted?.();
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={model !== null}
      onOpenChange={close}
      title="Excluir modelo?"
      description={
        model ? (
          <>
            <strong className="font-semibold text-slate-900">{model.name}</strong> será excluído. Esta ação não pode ser
            desfeita.
          </>
        ) : null
      }
      confirmLabel="Excluir"
      tone="danger"
      pending={isLoading}
      error={error}
      onConfirm={() => void confirm()}
    />
  );
}
