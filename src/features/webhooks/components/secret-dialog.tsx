import { WEBHOOK_MESSAGES } from '@/contracts/webhooks';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** The endpoint's signing secret, shown once (after a create or a rotation), with a copy button. */
export function SecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="md" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Segredo do webhook</DialogTitle>
          <DialogDescription>{WEBHOOK_MESSAGES.secretNotice}</DialogDescription>
        </DialogHeader>
        <p className="break-all text-sm text-slate-600">{url}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code aria-label="Segredo" className="min-w-0 flex-1 break-all rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900">
            {secret}
          </code>
          <CopyButton value={secret} label="Copiar segredo" copiedMessage="Segredo copiado." />
        </div>
        <p className="text-sm text-slate-600">
          Cada entrega traz o cabeçalho <code className="font-mono">Ponte-Signature</code> (HMAC-SHA256 de
          <code className="font-mono"> t.corpo</code> com este segredo): confira-o antes de aceitar o evento.
        </p>
        <DialogFooter>
          <Button onClick={onClose}>Já guardei o segredo</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
