import type { Customer } from '@/contracts/customer';
import { DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { useDeleteCustomerMutation } from '../api';

/**
 * "Excluir" behind a confirmation. A customer with machines is refused by the backend (409 with the count):
 * the reason is said inside the dialog, and nothing is deleted.
 */
export function DeleteCustomerDialog({
  customer,
  onOpenChange,
  onDeleted,
}: {
  customer: Pick<Customer, 'id' | 'name'> | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [deleteCustomer, { isLoading }] = useDeleteCustomerMutation();
  return (
    <DeleteRecordDialog
      record={customer}
      title="Excluir cliente?"
      description={(record) => (
        <>
          <RecordName>{record.name}</RecordName> será excluído. Esta ação não pode ser desfeita.
        </>
      )}
      remove={(record) => deleteCustomer(record.id).unwrap()}
      pending={isLoading}
      successMessage="Cliente excluído."
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}
