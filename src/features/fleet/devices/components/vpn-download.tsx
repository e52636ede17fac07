import type { Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { downloadFile } from '@/lib/download';
import { useDownloadVpnConfigurationMutation } from '../api';

/**
 * "Baixar configuração VPN": fetched through the API layer (bearer token in the header, never in a URL) and saved
 * as a real file named after the device. A failure is said with "Tentar novamente".
 */
export function useVpnDownload(device: Pick<Device, 'id' | 'name'>, onDownloaded?: () => void) {
  const [fetchConfiguration, state] = useDownloadVpnConfigurationMutation();
  const download = async () => {
    try {
      const file = await fetchConfiguration({ id: device.id, name: device.name }).unwrap();
      downloadFile(file.filename, file.content, 'text/plain;charset=utf-8');
      state.reset();
      toast.success(`Configuração VPN baixada: ${file.filename}`);
      onDownloaded?.();
    } catch {
      // said by VpnDownloadError
    }
  };
  return { download: () => void download(), pending: state.isLoading, error: state.error };
}

export function VpnDownloadButton({ pending, onClick }: { pending: boolean; onClick(): void }) {
  return (
    <Button loading={pending} onClick={onClick}>
      {pending ? 'Baixando…' : 'Baixar configuração VPN'}
    </Button>
  );
}

export function VpnDownloadError({ error, pending, onRetry }: { error: unknown; pending: boolean; onRetry(): void }) {
  if (error === undefined || error === null) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <span>
        <strong className="font-semibold">Não foi possível baixar a configuração VPN.</strong> {apiErrorMessage(error)}
      </span>
      <Button variant="secondary" size="sm" loading={pending} onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}
