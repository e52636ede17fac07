import { useState } from 'react';
import { orderCancelSchema, orderLabel, type Order } from '@/contracts/order';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { TextareaField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useCancelOrderMutation } from '../api';

/**
 * "Cancelar pedido" while the order awaits payment: asks first, with an optional "Motivo" (kept in the order's
 * history). A refusal (already paid meanwhile, changed elsewhere) is said inside the dialog.
 */
export function CancelOrderDialog({ order, open, onOpenChange }: { order: Order; open: boolean; onOpenChange(open: boolean): void }) {
  const [cancelOrder, { isLoading }] = useCancelOrderMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(orderCancelSchema, { defaultValues: { reason: '' } });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setError(null);
      form.reset({ reason: '' });
    }
  };

  const submit = form.handleSubmit(async ({ reason }) => {
    setError(null);
    try {
      await cancelOrder({ id: order.id, version: order.version, reason }).unwrap();
      toast.success(`Pedido ${orderLabel(order)} cancelado.`);
      close(false);
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={`Cancelar o pedido ${orderLabel(order)}?`}
      description="Nenhum valor será cobrado e o pedido não poderá ser retomado: para comprar de novo, faça um novo pedido."
      confirmLabel="Cancelar pedido"
      cancelLabel="Voltar"
      tone="danger"
      pending={isLoading}
      error={error}
      onConfirm={() => void submit()}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextareaField
          control={form.control}
          name="reason"
          label="Motivo"
          hint="Opcional. Ajuda a nossa equipe a entender o cancelamento."
          maxLength={500}
        />
      </form>
    </ConfirmDialog>
  );
}
