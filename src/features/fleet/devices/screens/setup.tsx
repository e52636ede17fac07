import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { isSetupCode, normalizeSetupCode, SETUP_CODE_MESSAGES, type Device } from '@/contracts/device';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList } from '@/components/ui/detail-page';
import { AlertIcon, CheckIcon, RouterIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { LockedActions, useLock } from '@/components/ui/permissions';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { useClaimDeviceMutation, useLookupSetupCodeQuery } from '../api';
import { LinkMachineDialog } from '../components/link-machine-dialog';

const TITLE = 'Configurar dispositivo';

function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('rounded-lg border border-slate-200 bg-white p-5 shadow-sm', className)}>{children}</div>;
}

/** A code that cannot be used: what is wrong, and the ways on. */
function Refusal({ code, message, detail, retry }: { code: string; message: string; detail: string; retry?: ReactNode }) {
  return (
    <Card className="space-y-4">
      <div role="alert" className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700 [&>svg]:h-5 [&>svg]:w-5">
          <AlertIcon />
        </span>
        <div className="space-y-1">
          <p className="font-semibold text-slate-900">{message}</p>
          <p className="text-sm text-slate-600">{detail}</p>
          <p className="text-sm text-slate-600">
            Código lido: <span className="font-mono text-slate-900">{code || '—'}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {retry}
        <Link to={portalPaths.devices} className={buttonClasses('secondary')}>
          Ir para Dispositivos
        </Link>
      </div>
    </Card>
  );
}

function GatewayFacts({ device }: { device: Device }) {
  return (
    <DescriptionList
      items={[
        { term: 'Número de série', description: <span className="font-mono">{device.serialNumber}</span> },
        { term: 'Modelo de hardware', description: device.hardwareModel },
        { term: 'Firmware', description: device.firmware },
        { term: 'Código de configuração', description: <span className="font-mono">{device.setupCode}</span> },
      ]}
    />
  );
}

function Step({ number, done, title, children }: { number: number; done: boolean; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className={cn(
          'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          done ? 'bg-accent text-white' : 'border border-slate-300 bg-white text-slate-700',
        )}
      >
        {done ? <CheckIcon width={16} height={16} /> : number}
      </span>
      <div className="min-w-0 flex-1 space-y-3 pb-2">
        <h2 className="text-base font-semibold text-slate-900">
          {title}
          {done ? <span className="sr-only"> (concluído)</span> : null}
        </h2>
        {children}
      </div>
    </li>
  );
}

/** After the claim: attach it to a machine, then continue in "Configurar Conexão". */
function Claimed({ device }: { device: Device }) {
  const [picking, setPicking] = useState(false);
  const [current, setCurrent] = useState(device);
  return (
    <Card className="space-y-6">
      <div role="status" className="flex items-center gap-3 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
        <CheckIcon width={18} height={18} aria-hidden="true" />
        <span>
          <strong className="font-semibold">{current.name}</strong> foi vinculado à sua conta.
        </span>
      </div>
      <ol className="space-y-5">
        <Step number={1} done title="Vincular à sua conta">
          <p className="text-sm text-slate-600">
            Série <span className="font-mono">{current.serialNumber}</span> · {current.hardwareModel}
          </p>
        </Step>
        <Step number={2} done={current.machineId !== null} title="Instalar em uma máquina">
          {current.machineId ? (
            <p className="text-sm text-slate-700">
              Instalado em <strong className="font-semibold">{current.machineName}</strong>.{' '}
              <Button variant="link" onClick={() => setPicking(true)}>
                Alterar máquina
              </Button>
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-600">Escolha a máquina em que este gateway foi (ou será) instalado.</p>
              <Button variant="secondary" onClick={() => setPicking(true)}>
                Escolher máquina
              </Button>
            </>
          )}
        </Step>
        <Step number={3} done={false} title="Configurar a conexão">
          <p className="text-sm text-slate-600">Baixe a configuração VPN e teste a conexão, passo a passo.</p>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`${portalPaths.firstSteps}?${new URLSearchParams({ device: current.id }).toString()}`}
              className={buttonClasses('primary')}
            >
              Continuar em Configurar Conexão
            </Link>
            <Link to={portalPaths.device(current.id)} className={buttonClasses('secondary')}>
              Ver dispositivo
            </Link>
          </div>
        </Step>
      </ol>
      {picking ? <LinkMachineDialog device={current} onOpenChange={setPicking} onLinked={setCurrent} /> : null}
    </Card>
  );
}

/**
 * `/setup/:code`, the page the QR code on a gateway's label opens: shows the gateway, claims it ("Vincular
 * dispositivo"), then offers to attach it to a machine and to go on in "Configurar Conexão". A gateway the account
 * already owns just opens its page; a malformed, unknown or another account's code says so.
 */
export default function SetupScreen() {
  const { code: raw = '' } = useParams();
  const code = normalizeSetupCode(raw);
  const wellFormed = isSetupCode(code);
  const lookup = useLookupSetupCodeQuery(code, { skip: !wellFormed });
  const [claimDevice, claim] = useClaimDeviceMutation();
  const [claimed, setClaimed] = useState<Device | null>(null);
  // Claiming is a change: a role that may not change data sees why instead of the button.
  const locked = useLock('edit');

  const doClaim = async () => {
    try {
      const device = await claimDevice({ code }).unwrap();
      toast.success('Dispositivo vinculado à sua conta.');
      setClaimed(device);
    } catch {
      // said below
    }
  };

  let content: ReactNode;
  if (claimed) {
    content = <Claimed device={claimed} />;
  } else if (!wellFormed) {
    content = (
      <Refusal
        code={raw}
        message={SETUP_CODE_MESSAGES.invalid}
        detail="O código fica na etiqueta do gateway, no formato PNT-XXXX-XXXX-XXXX. Confira o QR code ou digite o código em Dispositivos → Adicionar dispositivo."
      />
    );
  } else if (lookup.error) {
    const status = apiErrorStatus(lookup.error);
    if (status === 404) {
      content = (
        <Refusal
          code={code}
          message={SETUP_CODE_MESSAGES.notFound}
          detail="Confira se ele foi digitado como está na etiqueta. Se o gateway foi comprado de outra empresa, peça a ela que o libere, ou fale com o suporte Ponte IIoT."
        />
      );
    } else if (status === 400) {
      content = <Refusal code={code} message={apiErrorMessage(lookup.error)} detail="Confira o código na etiqueta do gateway." />;
    } else {
      content = (
        <Refusal
          code={code}
          message="Não foi possível consultar o código."
          detail={apiErrorMessage(lookup.error)}
          retry={
            <Button loading={lookup.isFetching} onClick={() => void lookup.refetch()}>
              Tentar novamente
            </Button>
          }
        />
      );
    }
  } else if (!lookup.data) {
    content = (
      <div aria-busy="true" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p role="status" className="sr-only">
          Consultando o código…
        </p>
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  } else if (lookup.data.ownedByYou) {
    return <Navigate to={portalPaths.device(lookup.data.device.id)} replace />;
  } else {
    const { device } = lookup.data;
    content = (
      <Card className="space-y-5">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong [&>svg]:h-5 [&>svg]:w-5">
            <RouterIcon />
          </span>
          <div>
            <h2 className="text-base font-semibold text-slate-900">{device.name}</h2>
            <p className="text-sm text-slate-600">Gateway disponível para vincular à sua conta.</p>
          </div>
        </div>
        <GatewayFacts device={device} />
        {claim.error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {apiErrorMessage(claim.error)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {locked ? (
            <LockedActions reason={locked} />
          ) : (
            <Button loading={claim.isLoading} onClick={() => void doClaim()}>
              Vincular dispositivo
            </Button>
          )}
          <Link to={portalPaths.devices} className={buttonClasses('secondary')}>
            Agora não
          </Link>
        </div>
      </Card>
    );
  }

  return (
    <section className="max-w-2xl">
      <PageHeader title={TITLE} subtitle="Vincule o gateway à sua conta e instale-o em uma máquina." />
      {content}
    </section>
  );
}
