import type { DiscountRule } from '@/contracts/discount-rule';
import { DeleteRecordDialog, RecordConfirmDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { useActivateDiscountRuleMutation, useDeactivateDiscountRuleMutation, useDeleteDiscountRuleMutation } from '../api';
import { minQuantityText, percentText } from './rule-status';

/**
 * Activating or deactivating a rule, confirmed first: the checkout applies the change at once. A rule that would
 * contradict another active rule is refused with the reason, said inside the dialog.
 */
export function ToggleRuleDialog({ rule, onOpenChange }: { rule: DiscountRule | null; onOpenChange(open: boolean): void }) {
  const [activate, activating] = useActivateDiscountRuleMutation();
  const [deactivate, deactivating] = useDeactivateDiscountRuleMutation();
  const turningOn = rule ? !rule.active : false;

  return (
    <RecordConfirmDialog
      record={rule}
      title={turningOn ? 'Ativar regra?' : 'Desativar regra?'}
      description={(record) => (
        <p>
          <RecordName>{record.name}</RecordName>{' '}
          {turningOn
            ? `passa a dar ${percentText(record.percent)} de desconto em pedidos de ${minQuantityText(record.minQuantity)}, dentro do período da regra, a partir de agora.`
            : 'deixa de ser aplicada no checkout a partir de agora.'}
        </p>
      )}
      confirmLabel={turningOn ? 'Ativar' : 'Desativar'}
      tone={turningOn ? 'default' : 'danger'}
      run={(record) => {
        const args = { id: record.id, version: record.version };
        return (turningOn ? activate(args) : deactivate(args)).unwrap();
      }}
      pending={activating.isLoading || deactivating.isLoading}
      successMessage={
        turningOn ? 'Regra ativada: o checkout já aplica este desconto.' : 'Regra desativada: o checkout deixou de aplicá-la.'
      }
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
