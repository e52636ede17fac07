import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Device } from '@/contracts/device';
import type { Machine } from '@/contracts/machine';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { LinkMachineDialog } from '../../devices/components/link-machine-dialog';
import { CreateMachineDialog } from './create-machine-dialog';

/**
 * Step 2, "Associar máquina": one of the builder's machines ("Escolher máquina", the devices feature's picker, which
 * asks before taking a gateway off a machine that has one) or a new one made right here (name, model, customer).
 * A gateway already installed shows its machine, to confirm or change.
 */
export function MachineStep({
  device,
  onLinked,
}: {
  device: Pick<Device, 'id' | 'name' | 'machineId' | 'machineName'>;
  /** `updated`: the device as the link answered it (a new machine's create does not return it). */
  onLinked(machine: { id: string; name: string | null }, updated?: Device): void;
}) {
  const [dialog, setDialog] = useState<'pick' | 'create' | null>(null);
  const close = (open: boolean) => (open ? null : setDialog(null));

  return (
    <div className="space-y-4">
      {device.machineId ? (
        <>
          <p className="text-sm text-slate-700">
            <strong className="font-semibold text-slate-900">{device.name}</strong> está instalado em{' '}
            <Link
              to={portalPaths.machine(device.machineId)}
              className="font-medium text-accent-strong underline underline-offset-2 hover:no-underline"
            >
              {device.machineName ?? device.machineId}
            </Link>
            .
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => device.machineId && onLinked({ id: device.machineId, name: device.machineName })}>Continuar</Button>
            <Button variant="secondary" onClick={() => setDialog('pick')}>
              Escolher outra máquina
            </Button>
            <Button variant="secondary" onClick={() => setDialog('create')}>
              Cadastrar nova máquina
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Em qual máquina <strong className="font-semibold text-slate-900">{device.name}</strong> foi (ou será)
            instalado? O acesso remoto e o histórico ficam ligados a ela.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog('pick')}>Escolher máquina</Button>
            <Button variant="secondary" onClick={() => setDialog('create')}>
              Cadastrar nova máquina
            </Button>
          </div>
        </>
      )}
      {dialog === 'pick' ? (
        <LinkMachineDialog device={device} onOpenChange={close} onLinked={(updated) => updated.machineId && onLinked({ id: updated.machineId, name: updated.machineName }, updated)} />
      ) : null}
      {dialog === 'create' ? (
        <CreateMachineDialog
          deviceId={device.id}
          onOpenChange={close}
          onCreated={(machine: Machine) => {
            toast.success(`Máquina ${machine.name} cadastrada com ${device.name}.`);
            setDialog(null);
            onLinked({ id: machine.id, name: machine.name });
          }}
        />
      ) : null}
    </div>
  );
}
