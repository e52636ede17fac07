import { useState } from 'react';
import type { Customer } from '@/contracts/customer';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
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
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!customer) return;
    setError(null);
    try {
      await deleteCustomer(customer.id).unwrap();
      toast.success('Cliente excluído.');
      close(false);
      onDeleted?.();
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={customer !== null}
      onOpenChange={close}
      title="Excluir cliente?"
      description={
        customer ? (
          <>
            <strong className="font-semibold text-slate-900">{customer.name}</strong> será excluído. Esta ação não pode
            ser desfeita.
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
