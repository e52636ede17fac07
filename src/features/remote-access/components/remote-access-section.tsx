import { useId, useState } from 'react';
import type { Machine } from '@/contracts/machine';
import { durationLabel, REMOTE_ACCESS_MESSAGES, sessionStatusLabel } from '@/contracts/remote-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DetailSection } from '@/components/ui/detail-page';
import { LockIcon } from '@/components/ui/icons';
import { useLock } from '@/components/ui/permissions';
import { StableLink } from '@/components/ui/stable-links';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useListRemoteAccessSessionsQuery } from '../api';
import { ConnectDialog } from './connect-dialog';

export const GATEWAY_OFFLINE_WARNING =
  'O gateway desta máquina está offline: o acesso pode ser gerado agora e funciona assim que ele voltar a se conectar.';

const LINK = 'text-sm font-medium text-accent-strong underline-offset-2 hover:underline';

/** Why "Conectar" cannot work on this machine (the same words the server answers), or null. */
export function unreachableReason(machine: Pick<Machine, 'deviceId' | 'lanSubnet' | 'services'>): string | null {
  if (!machine.deviceId) return REMOTE_ACCESS_MESSAGES.noGateway;
  if (machine.lanSubnet.trim() === '') return REMOTE_ACCESS_MESSAGES.noLanSubnet;
  if (machine.services.length === 0) return REMOTE_ACCESS_MESSAGES.noServices;
  return null;
}

/** The machine's open windows (waiting, approved or running), newest first. */
function OpenSessions({ machineId }: { machineId: string }) {
  const { data } = useListRemoteAccessSessionsQuery({
    page: 1,
    perPage: 5,
    q: '',
    sort: '-createdAt',
    filters: { machine: machineId, status: 'open' },
  });
  if (!data || data.data.length === 0) return null;
  return (
    <div className="mt-4 space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Acessos abertos</h3>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {data.data.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="text-slate-800">
              {session.requesterName} · {durationLabel(session.durationHours)}
              {session.windowEndsAt ? ` · até ${formatDateTime(session.windowEndsAt)}` : ''}
            </span>
            <Badge tone={session.status === 'active' ? 'success' : session.status === 'pending' ? 'warning' : 'info'}>
              {sessionStatusLabel(session)}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The machine page's "Acesso remoto": "Conectar" (Administrador and Técnico; Leitura sees it locked, with why), why a
 * machine cannot be reached (no gateway, no LAN, no services), a warning while its gateway is offline, the open
 * windows on it and "Ver acessos" (the machine's sessions in Acesso Remoto).
 */
export function RemoteAccessSection({ machine }: { machine: Machine }) {
  const [connecting, setConnecting] = useState(false);
  const locked = useLock('edit');
  const reasonId = useId();
  const unreachable = unreachableReason(machine);
  const offline = machine.device !== null && machine.device.status !== 'online';
  const blocked = locked ?? unreachable;
  return (
    <DetailSection
      title="Acesso remoto"
      actions={
        <StableLink to={`${portalPaths.remoteAccess}?machine=${encodeURIComponent(machine.id)}`} className={LINK}>
          Ver acessos
        </StableLink>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Gere um perfil WireGuard que alcança só a rede desta máquina
          {machine.lanSubnet && machine.tunnelSubnet ? (
            // What the profile opens first (its AllowedIPs), then the LAN it is at the factory.
            <>
              {' '}
              pelo túnel (<span className="font-mono">{machine.tunnelSubnet}</span>, que é a rede{' '}
              <span className="font-mono">{machine.lanSubnet}</span> na fábrica)
            </>
          ) : machine.lanSubnet ? (
            <>
              {' '}
              (<span className="font-mono">{machine.lanSubnet}</span>)
            </>
          ) : null}
          , por um tempo e com um motivo registrado.
        </p>
        {unreachable ? (
          <p id={locked ? undefined : reasonId} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
            {unreachable}
          </p>
        ) : offline ? (
          <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {GATEWAY_OFFLINE_WARNING}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {blocked ? (
            <Button
              variant="primary"
              aria-disabled="true"
              aria-describedby={reasonId}
              className="cursor-not-allowed opacity-60"
              onClick={(event) => event.preventDefault()}
            >
              {locked ? <LockIcon className="h-4 w-4" /> : null}
              Conectar
            </Button>
          ) : (
            <Button onClick={() => setConnecting(true)}>Conectar</Button>
          )}
          {locked ? (
            <p id={reasonId} className="text-sm text-slate-600">
              {locked}
            </p>
          ) : null}
        </div>
        <OpenSessions machineId={machine.id} />
      </div>
      {connecting ? <ConnectDialog machine={machine} onOpenChange={setConnecting} /> : null}
    </DetailSection>
  );
}
