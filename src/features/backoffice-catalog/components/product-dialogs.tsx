import type { CatalogProduct } from '@/contracts/catalog';
import { DeleteRecordDialog, RecordConfirmDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { useActivateCatalogProductMutation, useDeactivateCatalogProductMutation, useDeleteCatalogProductMutation } from '../api';

/**
 * Activating or deactivating a product, confirmed first: the portal's checkout shows the change at once. A cart
 * that still holds a deactivated product is refused at "Finalizar pedido" (409) and reloads the catalog.
 */
export function ToggleProductDialog({ product, onOpenChange }: { product: CatalogProduct | null; onOpenChange(open: boolean): void }) {
  const [activate, activating] = useActivateCatalogProductMutation();
  const [deactivate, deactivating] = useDeactivateCatalogProductMutation();
  const turningOn = product ? !product.active : false;

  return (
    <RecordConfirmDialog
      record={product}
      title={turningOn ? 'Ativar produto?' : 'Desativar produto?'}
      description={(record) => (
        <p>
          <RecordName>{record.name}</RecordName>{' '}
          {turningOn
            ? 'volta a ser vendido no catálogo do portal a partir de agora.'
            : 'sai do catálogo do portal a partir de agora. Os pedidos já feitos não mudam.'}
        </p>
      )}
      confirmLabel={turningOn ? 'Ativar' : 'Desativar'}
      tone={turningOn ? 'default' : 'danger'}
      run={(record) => {
        const args = { id: record.id, version: record.version };
        return (turningOn ? activate(args) : deactivate(args)).unwrap();
      }}
      pending={activating.isLoading || deactivating.isLoading}
      successMessage={turningOn ? 'Produto ativado: já está à venda no portal.' : 'Produto desativado: saiu do catálogo do portal.'}
      onOpenChange={onOpenChange}
    />
  );
}

/** Deleting a product no order carries; otherwise the server's reason (deactivate it instead) is said in the dialog. */
export function DeleteProductDialog({
  product,
  onOpenChange,
  onDeleted,
}: {
  product: CatalogProduct | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [remove, { isLoading }] = useDeleteCatalogProductMutation();
  return (
    <DeleteRecordDialog
      record={product}
      title="Excluir produto?"
      description={(record) => (
        <>
          <RecordName>{record.name}</RecordName> será excluído do catálogo. Um produto que já está em pedidos não pode
          ser excluído: desative-o.
        </>
      )}
      remove={(record) => remove(record.id).unwrap()}
      pending={isLoading}
      successMessage="Produto excluído."
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}
