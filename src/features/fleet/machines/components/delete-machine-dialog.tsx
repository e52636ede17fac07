import { useState } from 'react';
import type { Machine } from '@/contracts/machine';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useDeleteMachineMutation } from '../api';

/** "Excluir" behind a confirmation; its gateway is freed (it stays in Dispositivos, without a machine). */
export function DeleteMachineDialog({
  machine,
  onOpenChange,
  onDeleted,
}: {
  machine: Pick<Machine, 'id' | 'name' | 'device'> | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [deleteMachine, { isLoading }] = useDeleteMachineMutation();
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!machine) return;
    setError(null);
    try {
      await deleteMachine(machine.id).unwrap();
      toast.success('Máquina excluída.');
      close(false);
      onDeleted?.();
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={machine !== null}
      onOpenChange={close}
      title="Excluir máquina?"
      description={
        machine ? (
          <>
            <p>
              <strong className="font-semibold text-slate-900">{machine.name}</strong> será excluída. Esta ação não pode
              ser desfeita.
            </p>
            {machine.device ? (
              <p className="mt-2">O dispositivo {machine.device.name} ficará livre para outra máquina.</p>
            ) : null}
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
