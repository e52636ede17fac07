import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  allowedStatusChanges,
  INVALID_STATUS_CHANGE_CODE,
  orderStatusChangeSchema,
  TRACKING_CODE_EXAMPLE,
  withdrawnGatewaysMessage,
  type BackofficeOrder,
  type OrderStatusChangeFormValues,
  type OrderStatusChangeInput,
} from '@/contracts/backoffice-order';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@/contracts/commerce';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { orderLabel } from '@/contracts/order';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { applyApiError, Form, FormActions, SelectField, TextareaField, TextInputField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { apiErrorCode } from '@/lib/api/errors';
import { useChangeOrderStatusMutation } from '../api';

/** A refusal the dialog shows with "Recarregar": the order changed, or the change is out of the lifecycle. */
type Problem = { kind: 'stale'; message: string } | { kind: 'other'; message: string };

const emptyValues = (allowed: readonly OrderStatus[]): OrderStatusChangeFormValues => ({
  // The only way on is preselected (Enviado → Entregue); with a choice, the staff pick it.
  status: allowed.length === 1 ? (allowed[0] ?? '') : '',
  trackingCode: '',
  reason: '',
});

export interface StatusChangeDialogProps {
  order: BackofficeOrder;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Fetches the order again (after a version conflict or a refused change). */
  onReload(): Promise<unknown>;
}

/**
 * "Alterar status": the new status (only where the lifecycle goes from here), the tracking code for Enviado, the
 * reason for Cancelado; then a confirmation step saying what will happen (a paid order cancelled: its gateways are
 * deactivated). A stale version or a refused change is said inside the dialog, with "Recarregar".
 */
export function StatusChangeDialog({ order, open, onOpenChange, onReload }: StatusChangeDialogProps) {
  const allowed = allowedStatusChanges(order.status);
  const [changeStatus, { isLoading }] = useChangeOrderStatusMutation();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [pendingInput, setPendingInput] = useState<OrderStatusChangeInput | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [reloading, setReloading] = useState(false);
  const form = useZodForm(orderStatusChangeSchema, { defaultValues: emptyValues(allowed) });
  const chosen = useWatch({ control: form.control, name: 'status' });
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const label = orderLabel(order);

  // The confirmation step takes the focus on its heading, so it is read from the start; back on the form, the
  // focus goes to the field the server refused, else to "Novo status" (the buttons that had it are gone).
  const formArea = useRef<HTMLDivElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    const before = previousStep.current;
    previousStep.current = step;
    if (step === 'confirm') confirmHeading.current?.focus();
    else if (before === 'confirm') {
      const target = formArea.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formArea.current?.querySelector('select');
      target?.focus();
    }
  }, [step]);

  // The order changed under the dialog (reloaded): a status it can no longer go to is dropped.
  const allowedKey = allowed.join(',');
  useEffect(() => {
    const current = form.getValues('status');
    const options = allowedKey ? allowedKey.split(',') : [];
    if (current && !options.includes(current)) form.setValue('status', options.length === 1 ? (options[0] ?? '') : '');
    else if (!current && options.length === 1) form.setValue('status', options[0] ?? '');
  }, [allowedKey, form]);

  const reset = () => {
    setStep('form');
    setPendingInput(null);
    setProblem(null);
    form.reset(emptyValues(allowed));
  };

  const close = (next: boolean) => {
    if (!next && isLoading) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
    setProblem(null);
    setPendingInput(null);
    setStep('form');
  };

  const confirm = async () => {
    if (!pendingInput) return;
    setProblem(null);
    try {
      await changeStatus({ id: order.id, version: order.version, input: pendingInput }).unwrap();
      toast.success(`Pedido ${label}: status alterado para ${ORDER_STATUS_LABELS[pendingInput.status]}.`);
      close(false);
    } catch (failure) {
      const outcome = applyApiError(form, failure, { fields: ['trackingCode', 'reason'] });
      if (outcome.kind === 'field') {
        // The server refused a field (the tracking code): back to the form, the message on it.
        setStep('form');
        return;
      }
      if (outcome.kind === 'conflict') {
        setProblem({ kind: 'stale', message: VERSION_CONFLICT_MESSAGE });
        return;
      }
      setProblem({ kind: apiErrorCode(failure) === INVALID_STATUS_CHANGE_CODE ? 'stale' : 'other', message: outcome.message });
    }
  };

  const cancelling = pendingInput?.status === 'cancelado';
  const gateways = order.items.filter((item) => item.kind === 'gateway').reduce((sum, item) => sum + item.quantity, 0);
  const withdrawn = cancelling ? order.withdrawableDeviceCount : 0;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        size="md"
        aria-busy={isLoading || undefined}
        onEscapeKeyDown={(event) => {
          if (isLoading) event.preventDefault();
        }}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Alterar status do pedido {label}</DialogTitle>
          <DialogDescription>
            Status atual: {ORDER_STATUS_LABELS[order.status]}. A montadora vê cada mudança no andamento do pedido, no portal.
          </DialogDescription>
        </DialogHeader>

        {problem ? (
          <div
            role="alert"
            className={
              problem.kind === 'stale'
                ? 'flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900'
                : 'rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800'
            }
          >
            <p className="font-medium">{problem.message}</p>
            {problem.kind === 'stale' ? (
              <>
                <p>Recarregue o pedido para ver o status atual e escolha de novo.</p>
                <Button variant="secondary" size="sm" className="self-start" loading={reloading} onClick={() => void reload()}>
                  Recarregar
                </Button>
              </>
            ) : null}
          </div>
        ) : null}

        {allowed.length === 0 ? (
          <>
            <p className="text-sm text-slate-700">
              Este pedido está {ORDER_STATUS_LABELS[order.status]}: o status não pode mais ser alterado.
            </p>
            <DialogFooter>
              <Button variant="secondary" onClick={() => close(false)}>
                Fechar
              </Button>
            </DialogFooter>
          </>
        ) : step === 'form' ? (
          <div ref={formArea}>
            <Form
              form={form}
              className="space-y-4"
              onSubmit={(input) => {
                setProblem(null);
                setPendingInput(input);
                setStep('confirm');
              }}
            >
              <SelectField
                control={form.control}
                name="status"
                label="Novo status"
                required
                placeholder={allowed.length === 1 ? undefined : 'Selecione o novo status'}
                options={allowed.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))}
              />
              {chosen === 'enviado' ? (
                <TextInputField
                  control={form.control}
                  name="trackingCode"
                  label="Código de rastreio"
                  required
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={20}
                  hint={`2 letras, 9 números e 2 letras, ex.: ${TRACKING_CODE_EXAMPLE}.`}
                />
              ) : null}
              {chosen === 'cancelado' ? (
                <TextareaField
                  control={form.control}
                  name="reason"
                  label="Motivo"
                  required
                  maxLength={500}
                  hint="Fica no andamento do pedido: a montadora o vê no portal."
                />
              ) : null}
              <FormActions submitLabel="Continuar" onCancel={() => close(false)} />
            </Form>
          </div>
        ) : pendingInput ? (
          <div className="space-y-4">
            <h3 ref={confirmHeading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
              Confirme a alteração
            </h3>
            <p className="text-sm text-slate-700">
              O pedido {label} passará de <strong>{ORDER_STATUS_LABELS[order.status]}</strong> para{' '}
              <strong>{ORDER_STATUS_LABELS[pendingInput.status]}</strong>.
            </p>
            {pendingInput.trackingCode ? (
              <p className="text-sm text-slate-700">
                Código de rastreio: <span className="font-mono font-semibold text-slate-900">{pendingInput.trackingCode}</span>
              </p>
            ) : null}
            {pendingInput.reason ? <p className="break-words text-sm text-slate-700">Motivo: {pendingInput.reason}</p> : null}
            {pendingInput.status === 'pago' && gateways > 0 ? (
              <p className="text-sm text-slate-700">
                {gateways === 1
                  ? 'O gateway deste pedido será provisionado na conta da montadora, com seu código de configuração.'
                  : `Os ${gateways} gateways deste pedido serão provisionados na conta da montadora, cada um com seu código de configuração.`}
              </p>
            ) : null}
            {withdrawn > 0 ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
                {withdrawnGatewaysMessage(withdrawn)}
              </p>
            ) : null}
            <DialogFooter>
              <Button
                variant="secondary"
                disabled={isLoading}
                onClick={() => {
                  setProblem(null);
                  setStep('form');
                }}
              >
                Voltar
              </Button>
              <Button
                variant={cancelling ? 'danger' : 'primary'}
                loading={isLoading}
                disabled={problem?.kind === 'stale'}
                onClick={() => void confirm()}
              >
                Confirmar
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
