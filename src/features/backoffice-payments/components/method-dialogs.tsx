import type { PaymentMethod } from '@/contracts/payment-method';
import { DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useDeletePaymentMethodMutation, useDisablePaymentMethodMutation, useEnablePaymentMethodMutation } from '../api';

/** Deleting a method; one that orders awaiting payment still use is refused with how many (said in the dialog). */
export function DeleteMethodDialog({
  method,
  onOpenChange,
  onDeleted,
}: {
  method: PaymentMethod | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [remove, { isLoading }] = useDeletePaymentMethodMutation();
  return (
    <DeleteRecordDialog
      record={method}
      title="Excluir método de pagamento?"
      description={(record) => (
        <>
          <RecordName>{record.name}</RecordName> será excluído e deixará de aparecer no checkout. Esta ação não pode ser
          desfeita.
        </>
      )}
      successMessage="Método de pagamento excluído."
      remove={(record) => remove(record.id).unwrap()}
      pending={isLoading}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}

/** Enables or disables a method at once; a refusal (its platform is disabled) is said in a toast. */
export function useMethodSwitch() {
  const [enable, enabling] = useEnablePaymentMethodMutation();
  const [disable, disabling] = useDisablePaymentMethodMutation();
  const setEnabled = async (method: PaymentMethod, enabled: boolean) => {
    try {
      const args = { id: method.id, version: method.version };
      await (enabled ? enable(args) : disable(args)).unwrap();
      toast.success(enabled ? 'Método ativado: o checkout já o oferece.' : 'Método desativado: o checkout deixou de oferecê-lo.');
    } catch (reason) {
      toast.error(apiErrorMessage(reason));
    }
  };
  return { setEnabled, pending: enabling.isLoading || disabling.isLoading };
}
