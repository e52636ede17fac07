import { useState } from 'react';
import { methodsAlsoDisabledSentence, type PaymentPlatform } from '@/contracts/payment-platform';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useDeletePaymentPlatformMutation, useDisablePaymentPlatformMutation, useEnablePaymentPlatformMutation } from '../api';
import { DeleteDialog } from './delete-dialog';

/** Deleting a platform; one that methods still use is refused with how many (said in the dialog). */
export function DeletePlatformDialog({
  platform,
  onOpenChange,
  onDeleted,
}: {
  platform: PaymentPlatform | null;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}) {
  const [remove, { isLoading }] = useDeletePaymentPlatformMutation();
  return (
    <DeleteDialog
      record={platform}
      title="Excluir plataforma?"
      what="será excluída. Esta ação não pode ser desfeita."
      successMessage="Plataforma excluída."
      remove={(id) => remove(id).unwrap()}
      pending={isLoading}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />
  );
}

/**
 * Disabling a platform: the confirmation names the enabled methods that go down with it ("Os métodos Pix e Boleto
 * bancário também serão desativados."), then the backend disables them too.
 */
export function DisablePlatformDialog({
  platform,
  onOpenChange,
}: {
  platform: PaymentPlatform | null;
  onOpenChange(open: boolean): void;
}) {
  const [disable, { isLoading }] = useDisablePaymentPlatformMutation();
  const [error, setError] = useState<string | null>(null);
  const enabledMethods = platform?.methods.filter((method) => method.enabled).map((method) => method.name) ?? [];
  const alsoDisabled = methodsAlsoDisabledSentence(enabledMethods);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!platform) return;
    setError(null);
    try {
      await disable({ id: platform.id, version: platform.version }).unwrap();
      toast.success(enabledMethods.length > 0 ? 'Plataforma e seus métodos desativados.' : 'Plataforma desativada.');
      close(false);
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={platform !== null}
      onOpenChange={close}
      title="Desativar plataforma?"
      description={
        platform ? (
          <div className="space-y-2">
            <p>
              <strong className="font-semibold text-slate-900">{platform.name}</strong> deixará de processar pagamentos.
            </p>
            {alsoDisabled ? <p>{alsoDisabled}</p> : null}
          </div>
        ) : null
      }
      confirmLabel="Desativar"
      tone="danger"
      pending={isLoading}
      error={error}
      onConfirm={() => void confirm()}
    />
  );
}

/** Enables a platform at once (its methods stay as they are: the staff enable the ones to offer again). */
export function useEnablePlatform() {
  const [enable, { isLoading }] = useEnablePaymentPlatformMutation();
  const run = async (platform: PaymentPlatform) => {
    try {
      await enable({ id: platform.id, version: platform.version }).unwrap();
      toast.success(
        platform.methods.length > 0
          ? 'Plataforma ativada. Ative os métodos que devem voltar ao checkout.'
          : 'Plataforma ativada.',
      );
    } catch (reason) {
      toast.error(apiErrorMessage(reason));
    }
  };
  return { enable: run, pending: isLoading };
}
