import { useHref } from 'react-router-dom';
import { CopyButton } from '@/components/ui/copy-button';

/** The invitation's full address (the API gives its portal path), for copying or sending by hand. */
export function useInvitationUrl(link: string): string {
  const href = useHref(link);
  return new URL(href, window.location.origin).href;
}

/** The link on screen, selectable, with "Copiar link". */
export function InvitationLink({ link, label = 'Link do convite' }: { link: string; label?: string }) {
  const url = useInvitationUrl(link);
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-900">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="min-w-0 flex-1 break-all rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-800">
          {url}
        </code>
        <CopyButton value={url} label="Copiar link" copiedMessage="Link do convite copiado." />
      </div>
    </div>
  );
}
