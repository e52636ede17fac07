import type { CatalogProduct } from '@/contracts/catalog';
import { ActiveToggleDialog, DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { useActivateCatalogProductMutation, useDeactivateCatalogProductMutation, useDeleteCatalogProductMutation } from '../api';

/**
 * Activating or deactivating a product, confirmed first: the portal's checkout shows the change at once. A cart
 * that still holds a deactivated product is refused at "Finalizar pedido" (409) and reloads the catalog.
 */
export function ToggleProductDialog({ product, onOpenChange }: { product: CatalogProduct | null; onOpenChange(open: boolean): void }) {
  const [activate, activating] = useActivateCatalogProductMutation();
  const [deactivate, deactivating] = useDeactivateCatalogProductMutation();
  return (
    <ActiveToggleDialog
      record={product}
      nameOf={(record) => record.name}
      activate={{
        title: 'Ativar produto?',
        consequence: () => 'volta a ser vendido no catálogo do portal a partir de agora.',
        run: (args) => activate(args).unwrap(),
        successMessage: 'Produto ativado: já está à venda no portal.',
      }}
      deactivate={{
        title: 'Desativar produto?',
        consequence: () => 'sai do catálogo do portal a partir de agora. Os pedidos já feitos não mudam.',
        run: (args) => deactivate(args).unwrap(),
        successMessage: 'Produto desativado: saiu do catálogo do portal.',
      }}
      pending={activating.isLoading || deactivating.isLoading}
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
