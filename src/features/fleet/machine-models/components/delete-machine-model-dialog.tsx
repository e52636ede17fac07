import type { MachineModel } from '@/contracts/machine-model';
import { DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
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
  return (
    <DeleteRecordDialog
      record={model}
      title="Excluir modelo?"
      description={(record) => (
        <>
          <RecordName>{record.name}</RecordName> será excluído. Esta ação não pode ser desfeita.
        </>
      )}
      remove={(record) => deleteModel(record.id).unwrap()}
      pending={isLoading}
      successMessage="Modelo excluído."
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}
