import { Link } from 'react-router-dom';
import type { Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import { DescriptionList } from '@/components/ui/detail-page';
import { CheckIcon } from '@/components/ui/icons';
import { portalPaths } from '@/config/paths';
import { DeviceStatusBadge } from '../../devices/components/device-status-badge';

const linkClasses = 'font-medium text-accent-strong underline underline-offset-2 hover:no-underline';

/** The finished wizard: what is now connected, with the way to its pages, and "Configurar outro gateway". */
export function Summary({ device, onRestart }: { device: Device; onRestart(): void }) {
  return (
    <div className="space-y-5">
      <div role="status" className="flex items-start gap-3 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
        <CheckIcon width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0" />
        <span>
          <strong className="font-semibold">Conexão estabelecida.</strong> {device.name} está online e a máquina já pode ser
          acessada pela VPN.
        </span>
      </div>
      <DescriptionList
        items={[
          {
            term: 'Gateway',
            description: (
              <Link to={portalPaths.device(device.id)} className={linkClasses}>
                {device.name}
              </Link>
            ),
          },
          {
            term: 'Máquina',
            description: device.machineId ? (
              <Link to={portalPaths.machine(device.machineId)} className={linkClasses}>
                {device.machineName ?? device.machineId}
              </Link>
            ) : null,
          },
          { term: 'Endereço VPN', description: device.vpnAddress ? <span className="font-mono">{device.vpnAddress}</span> : null },
          { term: 'Status', description: <DeviceStatusBadge status={device.status} /> },
        ]}
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onRestart}>Configurar outro gateway</Button>
        <Link to={portalPaths.dashboard} className="inline-flex h-10 items-center px-2 text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
          Ir para o Dashboard
        </Link>
      </div>
    </div>
  );
}
