import type { Machine } from '@/contracts/machine';
import { DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
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
  return (
    <DeleteRecordDialog
      record={machine}
      title="Excluir máquina?"
      description={(record) => (
        <>
          <p>
            <RecordName>{record.name}</RecordName> será excluída. Esta ação não pode ser desfeita.
          </p>
          {record.device ? <p className="mt-2">O dispositivo {record.device.name} ficará livre para outra máquina.</p> : null}
        </>
      )}
      remove={(record) => deleteMachine(record.id).unwrap()}
      pending={isLoading}
      successMessage="Máquina excluída."
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}
