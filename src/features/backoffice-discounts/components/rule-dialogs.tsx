import type { DiscountRule } from '@/contracts/discount-rule';
import { ActiveToggleDialog, DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { useActivateDiscountRuleMutation, useDeactivateDiscountRuleMutation, useDeleteDiscountRuleMutation } from '../api';
import { minQuantityText, percentText } from './rule-status';

/**
 * Activating or deactivating a rule, confirmed first: the checkout applies the change at once. A rule that would
 * contradict another active rule is refused with the reason, said inside the dialog.
 */
export function ToggleRuleDialog({ rule, onOpenChange }: { rule: DiscountRule | null; onOpenChange(open: boolean): void }) {
  const [activate, activating] = useActivateDiscountRuleMutation();
  const [deactivate, deactivating] = useDeactivateDiscountRuleMutation();
  return (
    <ActiveToggleDialog
      record={rule}
      nameOf={(record) => record.name}
      activate={{
        title: 'Ativar regra?',
        consequence: (record) =>
          `passa a dar ${percentText(record.percent)} de desconto em pedidos de ${minQuantityText(record.minQuantity)}, dentro do período da regra, a partir de agora.`,
        run: (args) => activate(args).unwrap(),
        successMessage: 'Regra ativada: o checkout já aplica este desconto.',
      }}
      deactivate={{
        title: 'Desativar regra?',
        consequence: () => 'deixa de ser aplicada no checkout a partir de agora.',
        run: (args) => deactivate(args).unwrap(),
        successMessage: 'Regra desativada: o checkout deixou de aplicá-la.',
      }}
      pending={activating.isLoading || deactivating.isLoading}
      onOpenChange={onOpenChange}
    />
  );
}

export function DeleteRuleDialog({
  rule,
  onOpenChange,
  onDeleted,
}: {
  rule: DiscountRule | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [remove, { isLoading }] = useDeleteDiscountRuleMutation();
  return (
    <DeleteRecordDialog
      record={rule}
      title="Excluir regra?"
      description={(record) => (
        <>
          <RecordName>{record.name}</RecordName> será excluída e deixará de valer no checkout. Os pedidos já feitos
          mantêm o desconto que receberam.
        </>
      )}
      remove={(record) => remove(record.id).unwrap()}
      pending={isLoading}
      successMessage="Regra excluída."
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}
