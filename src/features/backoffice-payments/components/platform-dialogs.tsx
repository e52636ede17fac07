import { methodsAlsoDisabledSentence, type PaymentPlatform } from '@/contracts/payment-platform';
import { DeleteRecordDialog, RecordConfirmDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useDeletePaymentPlatformMutation, useDisablePaymentPlatformMutation, useEnablePaymentPlatformMutation } from '../api';

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
    <DeleteRecordDialog
      record={platform}
      title="Excluir plataforma?"
      description={(record) => (
        <>
          <RecordName>{record.name}</RecordName> será excluída. Esta ação não pode ser desfeita.
        </>
      )}
      successMessage="Plataforma excluída."
      remove={(record) => remove(record.id).unwrap()}
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
  const enabledMethods = platform?.methods.filter((method) => method.enabled).map((method) => method.name) ?? [];
  const alsoDisabled = methodsAlsoDisabledSentence(enabledMethods);

  return (
    <RecordConfirmDialog
      record={platform}
      title="Desativar plataforma?"
      description={(record) => (
        <div className="space-y-2">
          <p>
            <RecordName>{record.name}</RecordName> deixará de processar pagamentos.
          </p>
          {alsoDisabled ? <p>{alsoDisabled}</p> : null}
        </div>
      )}
      confirmLabel="Desativar"
      tone="danger"
      run={(record) => disable({ id: record.id, version: record.version }).unwrap()}
      pending={isLoading}
      successMessage={enabledMethods.length > 0 ? 'Plataforma e seus métodos desativados.' : 'Plataforma desativada.'}
      onOpenChange={onOpenChange}
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
