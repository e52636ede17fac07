import { addressName, streetLine, type Address } from '@/contracts/address';
import { DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { useDeleteAddressMutation } from '@/entities/addresses/api';

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
  return (
    <DeleteRecordDialog
      record={address}
      title="Excluir endereço?"
      description={(record) => (
        <>
          <p>
            <RecordName>{addressName(record)}</RecordName>
            {record.label ? ` (${streetLine(record)})` : ''} será excluído. Esta ação não pode ser desfeita.
          </p>
          {record.isDefault ? (
            <p className="mt-2">É o seu endereço padrão: o endereço alterado mais recentemente passa a ser o padrão.</p>
          ) : null}
        </>
      )}
      remove={(record) => deleteAddress(record.id).unwrap()}
      pending={isLoading}
      successMessage="Endereço excluído."
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}
