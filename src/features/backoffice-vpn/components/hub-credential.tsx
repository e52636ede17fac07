import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { apiErrorMessage } from '@/lib/api/errors';
import { useIssueHubCredentialMutation, type Hub, type HubCredential } from '../hubs-api';

export const CREDENTIAL_ONCE_MESSAGE = 'Guarde agora: ela não será mostrada de novo.';

/** The token, shown once: selectable text, a copy button and the warning. Closing it forgets the token. */
function CredentialShown({ hub, credential, onClose }: { hub: Hub; credential: HubCredential; onClose(): void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {/* A click beside it must not throw the only copy of the token away. */}
      <DialogContent size="lg" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Credencial do hub {hub.name}</DialogTitle>
          <DialogDescription>
            Configure-a no hub (arquivo de configuração ou variável de ambiente): é com ela que ele busca o estado e envia
            seus relatórios.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-3">
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {CREDENTIAL_ONCE_MESSAGE}
          </p>
          <label htmlFor="hub-credential-token" className="block text-sm font-medium text-slate-800">
            Credencial
          </label>
          <textarea
            id="hub-credential-token"
            readOnly
            rows={3}
            value={credential.token}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none break-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-accent-ring"
          />
        </div>
        <DialogFooter>
          <CopyButton value={credential.token} label="Copiar credencial" copiedMessage="Credencial copiada." />
          <Button onClick={onClose}>Concluir</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Nova credencial": asks first (the hub's current credential stops working at once), then shows the new token
 * once. Mount it while `hub` is chosen; `onDone` unmounts it.
 */
export function HubCredentialFlow({ hub, onDone }: { hub: Hub; onDone(): void }) {
  const [issue, { isLoading }] = useIssueHubCredentialMutation();
  const [credential, setCredential] = useState<HubCredential | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (credential) return <CredentialShown hub={hub} credential={credential} onClose={onDone} />;

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      title="Emitir nova credencial?"
      description={
        <p>
          A credencial atual de <strong className="font-semibold text-slate-900">{hub.name}</strong> deixa de funcionar na
          hora: o hub para de receber o estado até ser configurado com a nova.
        </p>
      }
      confirmLabel="Emitir nova credencial"
      tone="danger"
      pending={isLoading}
      error={error}
      onConfirm={() => {
        setError(null);
        issue(hub.id)
          .unwrap()
          .then(setCredential, (failure: unknown) => setError(apiErrorMessage(failure)));
      }}
    />
  );
}
