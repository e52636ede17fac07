import { useEffect, useRef, useState } from 'react';
import type { Device } from '@/contracts/device';
import { DEVICE_IN_USE_CODE, machineInputSchema, type Machine, type MachineFormValues, type MachineInput } from '@/contracts/machine';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Form, FormActions } from '@/components/ui/form/form';
import { TextInputField } from '@/components/ui/form/fields';
import { SearchableSelectField } from '@/components/ui/form/searchable-select-field';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { apiErrorCode, apiErrorMessage } from '@/lib/api/errors';
import {
  useListMachineCustomerOptionsQuery,
  useListMachineDeviceOptionsQuery,
  useListMachineModelOptionsQuery,
  type MachineWrite,
} from '../api';
import { ServicesField, servicesToForm } from '../../shared/services-field';

type ServiceValues = NonNullable<MachineFormValues['services']>;

export const EMPTY_MACHINE: MachineFormValues = {
  name: '',
  serialNumber: '',
  modelId: '',
  customerId: '',
  deviceId: '',
  site: '',
  lanSubnet: '',
  services: [],
};

/** A stored machine as the form shows it (ports as text, no gateway as ''). */
export function machineToForm(machine: Machine): MachineFormValues {
  return {
    name: machine.name,
    serialNumber: machine.serialNumber,
    modelId: machine.modelId,
    customerId: machine.customerId ?? '',
    deviceId: machine.deviceId ?? '',
    site: machine.site,
    lanSubnet: machine.lanSubnet,
    services: servicesToForm(machine.services),
  };
}

const sameServices = (a: ServiceValues | undefined, b: ServiceValues | undefined) =>
  JSON.stringify((a ?? []).map((s) => [s.name, s.protocol, String(s.port)])) ===
  JSON.stringify((b ?? []).map((s) => [s.name, s.protocol, String(s.port)]));

/** "Gateway IH-450 #01 (PG1-240311) — na máquina IH-450 #01" */
export function deviceOptionLabel(device: Pick<Device, 'name' | 'serialNumber' | 'machineId' | 'machineName'>, machineId?: string) {
  const base = device.serialNumber ? `${device.name} (${device.serialNumber})` : device.name;
  return device.machineId && device.machineId !== machineId ? `${base} — na máquina ${device.machineName ?? device.machineId}` : base;
}

export interface MachineFormProps extends RecordFormProps<MachineFormValues, MachineWrite, Machine> {
  /** The machine being edited: its model, customer and gateway stay among the options whatever the search. */
  machine?: Machine;
}

/**
 * Create and edit of a machine: the fields of screens.md, validated by the shared contract. Choosing a model fills
 * the services with the model's while they are as the form (or the previous model) set them; a gateway installed
 * on another machine is moved only after the user confirms.
 */
export function MachineForm({ defaultValues, machine, submitLabel = 'Salvar', onCancel, ...save }: MachineFormProps) {
  const form = useZodForm(machineInputSchema, { defaultValues });
  const [move, setMove] = useState<{ input: MachineInput; message: string } | null>(null);
  const [moving, setMoving] = useState(false);
  const record = useRecordForm({
    ...save,
    form,
    toFormValues: machineToForm,
    // A gateway installed on another machine: ask before moving it (confirmMove saves again).
    onSubmitError: (error, input) => {
      if (apiErrorCode(error) !== DEVICE_IN_USE_CODE) return false;
      setMove({ input, message: apiErrorMessage(error) });
      return true;
    },
  });
  const { isSubmitting } = form.formState;

  const [modelSearch, setModelSearch] = useState('');
  const [customerSearch, setCustomerSearch] = useState('');
  const [deviceSearch, setDeviceSearch] = useState('');
  const models = useListMachineModelOptionsQuery(modelSearch);
  const customers = useListMachineCustomerOptionsQuery(customerSearch);
  const devices = useListMachineDeviceOptionsQuery(deviceSearch);

  // The model's services fill the list while nobody has edited it (it still holds what was set last).
  const prefilled = useRef<ServiceValues | undefined>(defaultValues.services);
  const modelList = models.data?.data;
  useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if (name !== 'modelId' || type !== 'change') return;
      const model = modelList?.find((candidate) => candidate.id === values.modelId);
      if (!model) return;
      const current = form.getValues('services');
      if (!sameServices(current, prefilled.current)) return;
      const next = servicesToForm(model.services);
      prefilled.current = next;
      form.setValue('services', next, { shouldDirty: true });
    });
    return () => subscription.unsubscribe();
  }, [form, modelList]);

  const confirmMove = async () => {
    if (!move) return;
    setMoving(true);
    try {
      const result = await save.onSubmit({ ...move.input, moveDevice: true });
      setMove(null);
      record.complete(result);
    } catch (error) {
      setMove(null);
      record.fail(error);
    } finally {
      setMoving(false);
    }
  };

  const total = (page: { meta: { total: number } } | undefined) => page?.meta.total ?? 0;
  const modelOptions = (modelList ?? []).map((model) => ({ value: model.id, label: model.name }));
  const customerOptions = (customers.data?.data ?? []).map((customer) => ({ value: customer.id, label: customer.name }));
  const deviceOptions = (devices.data?.data ?? []).map((device) => ({
    value: device.id,
    label: deviceOptionLabel(device, machine?.id),
  }));
  const long = (count: number, options: readonly unknown[], q: string) => q !== '' || count > options.length;

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-5">
      <RecordFormBanners record={record} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField name="name" label="Nome" required hint="Nome ou etiqueta, ex.: IH-450 #07." />
        <TextInputField name="serialNumber" label="Número de série" autoComplete="off" spellCheck={false} />
        <SearchableSelectField
          name="modelId"
          label="Modelo"
          required
          placeholder={models.isLoading ? 'Carregando modelos…' : 'Selecione o modelo'}
          options={modelOptions}
          selected={machine ? { value: machine.modelId, label: machine.modelName || machine.modelId } : null}
          search={
            long(total(models.data), modelOptions, modelSearch)
              ? { label: 'Buscar modelo', value: modelSearch, onSearch: setModelSearch }
              : null
          }
        />
        <SearchableSelectField
          name="customerId"
          label="Cliente"
          required
          placeholder={customers.isLoading ? 'Carregando clientes…' : 'Selecione o cliente'}
          options={customerOptions}
          selected={
            machine?.customerId ? { value: machine.customerId, label: machine.customerName ?? machine.customerId } : null
          }
          search={
            long(total(customers.data), customerOptions, customerSearch)
              ? { label: 'Buscar cliente', value: customerSearch, onSearch: setCustomerSearch }
              : null
          }
        />
        <SearchableSelectField
          name="deviceId"
          label="Dispositivo"
          hint={devices.error ? `Não foi possível carregar os dispositivos: ${apiErrorMessage(devices.error)}` : 'O gateway instalado nesta máquina.'}
          placeholder="Nenhum dispositivo"
          options={deviceOptions}
          selected={
            machine?.device
              ? { value: machine.device.id, label: deviceOptionLabel({ ...machine.device, machineId: null, machineName: null }) }
              : null
          }
          search={{
            label: 'Buscar dispositivo',
            placeholder: 'Buscar dispositivo por nome ou número de série',
            value: deviceSearch,
            onSearch: setDeviceSearch,
          }}
        />
        <TextInputField name="site" label="Local" hint="Onde está no cliente, ex.: Galpão 2, Linha A." />
        <TextInputField
          name="lanSubnet"
          label="Sub-rede (CIDR)"
          hint="A rede local da máquina, ex.: 192.168.10.0/24."
          autoComplete="off"
          spellCheck={false}
          inputMode="decimal"
        />
        <ServicesField
          legend="Serviços"
          description="Os acessos desta máquina (IHM, CLP, tela remota). Vêm do modelo escolhido; ajuste o que for diferente nesta."
          emptyText="Nenhum serviço."
          listLabel="Serviços da máquina"
          className="sm:col-span-2"
        />
      </div>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting || moving} />
      <UnsavedChangesDialog guard={record.guard} />
      <ConfirmDialog
        open={move !== null}
        onOpenChange={(open) => (open ? null : setMove(null))}
        title="Mover o dispositivo?"
        description={
          <>
            <p>{move?.message}</p>
            <p className="mt-2">Ele será retirado de lá e instalado nesta máquina.</p>
          </>
        }
        confirmLabel="Mover dispositivo"
        pending={moving}
        onConfirm={() => void confirmMove()}
      />
    </Form>
  );
}
