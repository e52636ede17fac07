import { useState } from 'react';
import { addressName, streetLine, type Address } from '@/contracts/address';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useDeleteAddressMutation } from '../api';

/**
 * "Excluir" behind a confirmation. An address an open order ships to is refused by the backend (409 with the
 * count of orders): the reason is said inside the dialog, and nothing is deleted. Deleting the default hands the
 * flag to another address, which the dialog says beforehand.
 */
export function DeleteAddressDialog({
  address,
  onOpenChange,
  onDeleted,
}: {
  address: Pick<Address, 'id' | 'label' | 'street' | 'number' | 'complement' | 'isDefault'> | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [deleteAddress, { isLoading }] = useDeleteAddressMutation();
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!address) return;
    setError(null);
    try {
      await deleteAddress(address.id).unwrap();
      toast.success('Endereço excluído.');
      close(false);
      onDeleted?.();
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={address !== null}
      onOpenChange={close}
      title="Excluir endereço?"
      description={
        address ? (
          <>
            <p>
              <strong className="font-semibold text-slate-900">{addressName(address)}</strong>
              {address.label ? ` (${streetLine(address)})` : ''} será excluído. Esta ação não pode ser desfeita.
            </p>
            {address.isDefault ? (
              <p className="mt-2">É o seu endereço padrão: o endereço alterado mais recentemente passa a ser o padrão.</p>
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
