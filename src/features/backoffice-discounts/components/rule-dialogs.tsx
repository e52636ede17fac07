import { useState } from 'react';
import type { DiscountRule } from '@/contracts/discount-rule';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useActivateDiscountRuleMutation, useDeactivateDiscountRuleMutation, useDeleteDiscountRuleMutation } from '../api';
import { minQuantityText, percentText } from './rule-status';

/**
 * Activating or deactivating a rule, confirmed first: the checkout applies the change at once. A rule that would
 * contradict another active rule is refused with the reason, said inside the dialog.
 */
export function ToggleRuleDialog({ rule, onOpenChange }: { rule: DiscountRule | null; onOpenChange(open: boolean): void }) {
  const [activate, activating] = useActivateDiscountRuleMutation();
  const [deactivate, deactivating] = useDeactivateDiscountRuleMutation();
  const [error, setError] = useState<string | null>(null);
  const turningOn = rule ? !rule.active : false;

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!rule) return;
    setError(null);
    try {
      const args = { id: rule.id, version: rule.version };
      await (turningOn ? activate(args) : deactivate(args)).unwrap();
      toast.success(turningOn ? 'Regra ativada: o checkout já aplica este desconto.' : 'Regra desativada: o checkout deixou de aplicá-la.');
      close(false);
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={rule !== null}
      onOpenChange={close}
      title={turningOn ? 'Ativar regra?' : 'Desativar regra?'}
      description={
        rule ? (
          <p>
            <strong className="font-semibold text-slate-900">{rule.name}</strong>{' '}
            {turningOn
              ? `passa a dar ${percentText(rule.percent)} de desconto em pedidos de ${minQuantityText(rule.minQuantity)}, dentro do período da regra, a partir de agora.`
              : 'deixa de ser aplicada no checkout a partir de agora.'}
          </p>
        ) : null
      }
      confirmLabel={turningOn ? 'Ativar' : 'Desativar'}
      tone={turningOn ? 'default' : 'danger'}
      pending={activating.isLoading || deactivating.isLoading}
      error={error}
      onConfirm={() => void confirm()}
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
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!rule) return;
    setError(null);
    try {
      await remove(rule.id).unwrap();
      toast.success('Regra excluída.');
      close(false);
      onDeleted?.();
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={rule !== null}
      onOpenChange={close}
      title="Excluir regra?"
      description={
        rule ? (
          <>
            <strong className="font-semibold text-slate-900">{rule.name}</strong> será excluída e deixará de valer no checkout. Os
            pedidos já feitos mantêm o desconto que receberam.
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
