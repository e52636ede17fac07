import type { Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import { useVpnDownload, VpnDownloadButton, VpnDownloadError } from '../../devices/components/vpn-download';

/**
 * Step 3, "Baixar configuração": the gateway's VPN configuration as a file (the devices feature's download: token
 * in the header, a failure said with "Tentar novamente"), and how to put it on the gateway.
 */
export function DownloadStep({
  device,
  onDownloaded,
  onChangeMachine,
}: {
  device: Pick<Device, 'id' | 'name' | 'machineName'>;
  onDownloaded(): void;
  onChangeMachine(): void;
}) {
  const vpn = useVpnDownload(device, onDownloaded);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <strong className="font-semibold text-slate-900">{device.name}</strong> na máquina{' '}
        <strong className="font-semibold text-slate-900">{device.machineName ?? '—'}</strong>.{' '}
        <Button variant="link" onClick={onChangeMachine}>
          Alterar máquina
        </Button>
      </p>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
        <li>Baixe o arquivo de configuração VPN deste gateway (.conf).</li>
        <li>Copie o arquivo para o gateway (ou importe-o no cliente WireGuard dele).</li>
        <li>Confira se o gateway está ligado e com cabo de rede (ou chip 4G) com acesso à internet.</li>
      </ol>
      <p className="text-sm text-slate-600">O arquivo contém a chave privada do gateway: não o compartilhe.</p>
      <VpnDownloadError error={vpn.error} pending={vpn.pending} onRetry={vpn.download} />
      <VpnDownloadButton pending={vpn.pending} onClick={vpn.download} />
    </div>
  );
}
