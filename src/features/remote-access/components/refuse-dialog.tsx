import { durationLabel, remoteAccessRefuseSchema } from '@/contracts/remote-access';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { useRefuseRemoteAccessMutation } from '../api';
import type { RemoteAccessSession } from '../types';

/** "Recusar" a request, with the reason (required; the requester sees it in Histórico). Open while `session` is set. */
export function RefuseDialog({ session, onOpenChange }: { session: RemoteAccessSession | null; onOpenChange(open: boolean): void }) {
  const [refuse, { isLoading }] = useRefuseRemoteAccessMutation();
  return (
    <ReasonDialog
      open={session !== null}
      onOpenChange={onOpenChange}
      title="Recusar solicitação?"
      description={
        session
          ? `${session.requesterName} pediu ${durationLabel(session.durationHours)} de acesso a ${session.machineName}: “${session.reason}”.`
          : null
      }
      label="Motivo da recusa"
      confirmLabel="Recusar"
      validate={(reason) => {
        const parsed = remoteAccessRefuseSchema.safeParse({ reason });
        return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? 'Informe o motivo da recusa.' };
      }}
      run={async (reason) => {
        if (session) await refuse({ id: session.id, reason }).unwrap();
      }}
      successMessage={session ? `Solicitação de ${session.requesterName} recusada.` : ''}
      pending={isLoading}
    />
  );
}
