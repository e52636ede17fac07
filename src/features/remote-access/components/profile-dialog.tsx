import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api/errors';
import type { RemoteAccessSession } from '../types';
import { X25519UnsupportedError } from '../wireguard';
import { ProfileReady, useIssueProfile, type ReadyProfile } from './profile-ready';

type State = { kind: 'working' } | { kind: 'ready'; ready: ReadyProfile } | { kind: 'failed'; message: string };

/**
 * "Baixar perfil" of an approved request (the requester's, in Solicitações): the keys are made now, in this browser,
 * and the profile is issued at once; open while mounted. A failure is said, with "Tentar novamente".
 */
export function ProfileDialog({ session, onOpenChange }: { session: RemoteAccessSession; onOpenChange(open: boolean): void }) {
  const issueProfile = useIssueProfile();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  const run = async () => {
    setState({ kind: 'working' });
    try {
      setState({ kind: 'ready', ready: await issueProfile(session.id) });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof X25519UnsupportedError ? error.message : apiErrorMessage(error) });
    }
  };

  useEffect(() => {
    // Once per opening (StrictMode runs effects twice): a second issue would replace the key just made.
    if (started.current) return;
    started.current = true;
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- issued once, when the dialog opens
  }, []);

  const busy = state.kind === 'working';
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (next || !busy) onOpenChange(next);
      }}
    >
      <DialogContent size="lg" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Baixar perfil</DialogTitle>
          <DialogDescription>
            Perfil WireGuard de {session.machineName}. As chaves são geradas neste navegador; só a chave pública é enviada.
          </DialogDescription>
        </DialogHeader>
        {state.kind === 'working' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Gerando o perfil…
          </p>
        ) : state.kind === 'failed' ? (
          <div className="space-y-4">
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              <p className="font-medium">Não foi possível gerar o perfil.</p>
              <p className="mt-0.5">{state.message}</p>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Fechar
              </Button>
              <Button onClick={() => void run()}>Tentar novamente</Button>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <ProfileReady ready={state.ready} />
            <div className="flex justify-end">
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Concluir
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
