import { useState } from 'react';
import { DELETION_GRACE_DAYS, deletionScheduledText, EXPORT_FILES, FISCAL_RETENTION_YEARS, type AccountDeletionSchedule } from '@/contracts/account-data';
import { ROLE_LABELS } from '@/contracts/team-roles';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { areaUrl } from '@/config/areas';
import { landingPaths } from '@/config/paths';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { useCancelAccountDeletionMutation, useExportAccountDataMutation, useGetAccountDeletionQuery } from '../api';
import { DeleteAccountDialog } from './delete-account-dialog';

export const EXPORT_LOCKED = 'Somente um Administrador pode exportar os dados da conta.';
export const DELETE_LOCKED = 'Somente um Administrador pode excluir a conta.';
export const CANCEL_LOCKED = 'Somente um Administrador pode cancelar a exclusão.';
export const DELETION_CANCELLED = 'Exclusão cancelada. Nada será apagado.';

function Locked({ reason, role }: { reason: string; role: string }) {
  return (
    <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
      <LockIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {reason} Seu perfil: {role}.
      </span>
    </p>
  );
}

/** The deletion waiting for its day: "Exclusão agendada para {data}" and, for an Administrador, "Cancelar exclusão". */
function ScheduledDeletion({ schedule, isAdmin, roleLabel }: { schedule: AccountDeletionSchedule; isAdmin: boolean; roleLabel: string }) {
  const [cancel, cancelling] = useCancelAccountDeletionMutation();
  const run = async () => {
    if (cancelling.isLoading) return;
    try {
      await cancel().unwrap();
      toast.success(DELETION_CANCELLED);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
  return (
    <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">{deletionScheduledText(schedule.eraseAt)}</p>
      <p className="mt-1">
        Pedida por {schedule.requestedBy}. Até essa data, qualquer Administrador pode cancelar; depois, os dados da conta são apagados.
      </p>
      {isAdmin ? (
        <Button className="mt-3" variant="secondary" loading={cancelling.isLoading} disabled={cancelling.isLoading} onClick={() => void run()}>
          Cancelar exclusão
        </Button>
      ) : (
        <Locked reason={CANCEL_LOCKED} role={roleLabel} />
      )}
    </div>
  );
}

/**
 * Configurações → "Privacidade e dados" (LGPD): "Exportar meus dados" (the server's ZIP, saved as
 * ponte-iiot-dados-<aaaa-mm-dd>.zip) and "Excluir conta" (DeleteAccountDialog), which schedules the erasure
 * DELETION_GRACE_DAYS later: the section then shows "Exclusão agendada para {data}" with "Cancelar exclusão" (to
 * every role; only an Administrador cancels). Administrador only: the other roles see the actions locked with the reason.
 */
export function PrivacySection() {
  const access = useAccess();
  const deletion = useGetAccountDeletionQuery();
  const [exportData, exporting] = useExportAccountDataMutation();
  const [deleting, setDeleting] = useState(false);
  const schedule = deletion.data?.schedule ?? null;
  const role = access.data?.role;
  const isAdmin = role === 'administrador';
  const roleLabel = role ? ROLE_LABELS[role] : '';

  const runExport = async () => {
    if (exporting.isLoading) return;
    try {
      const file = await exportData().unwrap();
      toast.success(`Arquivo ${file.fileName} baixado.`);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };

  const csvLabels = EXPORT_FILES.filter((entry) => entry.file.endsWith('.csv')).map((entry) => entry.label);

  return (
    <section aria-labelledby="privacy-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="privacy-title" className="text-base font-semibold text-slate-900">
        Privacidade e dados
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Seus direitos pela LGPD, como explica a{' '}
        <a
          href={areaUrl('landing', landingPaths.privacy, window.location)}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-accent-strong underline"
        >
          Política de Privacidade
        </a>
        .
      </p>
      {access.isLoading ? (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : access.isError && !access.data ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-800" role="alert">
          Não foi possível carregar o seu perfil na conta.
          <Button variant="secondary" size="sm" onClick={() => void access.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <div className="mt-4 divide-y divide-slate-200">
          <div className="pb-4">
            <h3 className="font-medium text-slate-900">Exportar meus dados</h3>
            <p className="mt-1 text-sm text-slate-600">
              Um arquivo ZIP com todos os registros da conta: <code>dados.json</code> (tudo, em JSON) e uma planilha CSV
              por lista — {csvLabels.join(', ')}. As planilhas abrem no Excel em português (separador &quot;;&quot;,
              vírgula decimal, datas dd/mm/aaaa). Cartões aparecem só com a bandeira e os 4 últimos dígitos; senhas,
              chaves e códigos de acesso não entram.
            </p>
            {isAdmin ? (
              <Button className="mt-3" variant="secondary" loading={exporting.isLoading} disabled={exporting.isLoading} onClick={() => void runExport()}>
                {exporting.isLoading ? 'Gerando o arquivo…' : 'Exportar meus dados'}
              </Button>
            ) : (
              <Locked reason={EXPORT_LOCKED} role={roleLabel} />
            )}
          </div>
          <div className="pt-4">
            <h3 className="font-medium text-slate-900">Excluir conta</h3>
            <p className="mt-1 text-sm text-slate-600">
              Encerra o acesso de toda a equipe e apaga os dados da conta {DELETION_GRACE_DAYS} dias depois do pedido (até lá, dá
              para cancelar). Os pedidos ficam guardados por {FISCAL_RETENTION_YEARS} anos, sem dados pessoais, como pede a lei
              fiscal.
            </p>
            {schedule ? (
              <ScheduledDeletion schedule={schedule} isAdmin={isAdmin} roleLabel={roleLabel} />
            ) : isAdmin ? (
              <>
                <Button className="mt-3" variant="danger" onClick={() => setDeleting(true)}>
                  Excluir conta
                </Button>
                <DeleteAccountDialog
                  open={deleting}
                  onOpenChange={setDeleting}
                  companyName={access.data?.accountName ?? ''}
                  onScheduled={(scheduled) => {
                    setDeleting(false);
                    toast.success(`${deletionScheduledText(scheduled.eraseAt)}.`);
                  }}
                />
              </>
            ) : (
              <Locked reason={DELETE_LOCKED} role={roleLabel} />
            )}
          </div>
        </div>
      )}
    </section>
  );
}
