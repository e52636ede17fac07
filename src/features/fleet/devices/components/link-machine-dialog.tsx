import { useState } from 'react';
import { DEVICE_MACHINE_TAKEN_CODE, type Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import { PickerDialog, type PickerOption } from '@/components/ui/picker-dialog';
import { toast } from '@/components/ui/toast';
import { apiErrorCode, apiErrorMessage } from '@/lib/api/errors';
import { MACHINES_TO_LINK, useListMachinesToLinkQuery, useSetDeviceMachineMutation } from '../api';

/**
 * "Vincular máquina" / "Alterar máquina": picks one of the builder's machines (searched, 100 at a time) and installs
 * the device in it. A machine that already has another device is said so; "Mover para esta máquina" takes that
 * device off it. Mount it only while open: it starts fresh each time.
 */
export function LinkMachineDialog({
  device,
  onOpenChange,
  onLinked,
}: {
  device: Pick<Device, 'id' | 'name' | 'machineId'>;
  onOpenChange(open: boolean): void;
  onLinked?: (device: Device) => void;
}) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(device.machineId);
  const [problem, setProblem] = useState<{ message: string; canMove: boolean } | null>(null);
  const machines = useListMachinesToLinkQuery(search);
  const [setDeviceMachine, { isLoading }] = useSetDeviceMachineMutation();

  const options: PickerOption[] | undefined = machines.data?.data.map((machine) => ({
    id: machine.id,
    label: machine.name,
    description: [machine.modelName, machine.customerName ?? 'Sem cliente', machine.site].filter(Boolean).join(' · '),
    note:
      machine.id === device.machineId
        ? 'Vinculada a este dispositivo'
        : machine.deviceId
          ? 'Já tem um dispositivo'
          : undefined,
  }));
  const total = machines.data?.meta.total ?? 0;

  const link = async (move: boolean) => {
    if (!selected) return;
    setProblem(null);
    try {
      const updated = await setDeviceMachine({ id: device.id, machineId: selected, move }).unwrap();
      toast.success(`${updated.name} vinculado à máquina ${updated.machineName ?? ''}.`.replace(/ \.$/, '.'));
      onOpenChange(false);
      onLinked?.(updated);
    } catch (error) {
      setProblem({ message: apiErrorMessage(error), canMove: apiErrorCode(error) === DEVICE_MACHINE_TAKEN_CODE });
    }
  };

  return (
    <PickerDialog
      open
      onOpenChange={onOpenChange}
      title={device.machineId ? 'Alterar máquina' : 'Vincular máquina'}
      description={`Escolha a máquina em que ${device.name} está instalado.`}
      searchLabel="Buscar máquinas"
      searchPlaceholder="Nome, número de série ou local"
      search={search}
      onSearch={(q) => {
        setSearch(q);
        setProblem(null);
      }}
      options={options}
      isLoading={machines.isLoading}
      isFetching={machines.isFetching}
      error={machines.error}
      onRetry={() => void machines.refetch()}
      emptyState="Nenhuma máquina cadastrada. Cadastre a máquina em Máquinas e volte aqui."
      noResultsText="Nenhuma máquina corresponde à busca."
      footnote={total > MACHINES_TO_LINK ? `Mostrando ${MACHINES_TO_LINK} de ${total} máquinas: refine a busca.` : undefined}
      selected={selected}
      onSelect={(id) => {
        setSelected(id);
        setProblem(null);
      }}
      confirmLabel="Vincular"
      onConfirm={() => void link(false)}
      pending={isLoading}
      problem={
        problem ? (
          <div className="space-y-2">
            <p>{problem.message}</p>
            {problem.canMove ? (
              <Button variant="secondary" size="sm" loading={isLoading} onClick={() => void link(true)}>
                Mover para esta máquina
              </Button>
            ) : null}
          </div>
        ) : null
      }
    />
  );
}
