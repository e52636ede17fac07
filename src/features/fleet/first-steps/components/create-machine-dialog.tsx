import { useState } from 'react';
import type { z } from 'zod';
import { machineInputSchema, type Machine } from '@/contracts/machine';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { applyApiError } from '@/components/ui/form/api-errors';
import { FormErrorBanner } from '@/components/ui/form/banners';
import { Form } from '@/components/ui/form/form';
import { TextInputField } from '@/components/ui/form/fields';
import { SearchableSelectField } from '@/components/ui/form/searchable-select-field';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { apiErrorMessage } from '@/lib/api/errors';
import { useCreateSubmit } from '@/lib/api/idempotency';
import {
  useCreateMachineMutation,
  useListMachineCustomerOptionsQuery,
  useListMachineModelOptionsQuery,
} from '../../machines/api';

/** The least a machine needs: the rest (serial number, site, LAN, services) is edited later on its page. */
const quickMachineSchema = machineInputSchema.pick({ name: true, modelId: true, customerId: true });

/**
 * "Cadastrar nova máquina" inside the wizard: name, model and customer, created with this gateway installed in it
 * (and taken off the machine it was on, if any). The model's services are copied, as the full form does.
 * Mount it only while open.
 */
export function CreateMachineDialog({
  deviceId,
  onOpenChange,
  onCreated,
}: {
  deviceId: string;
  onOpenChange(open: boolean): void;
  onCreated(machine: Machine): void;
}) {
  const form = useZodForm(quickMachineSchema, { defaultValues: { name: '', modelId: '', customerId: '' } });
  const [createMachine] = useCreateMachineMutation();
  const submitMachine = useCreateSubmit(createMachine);
  const [failure, setFailure] = useState<string | null>(null);
  const [modelSearch, setModelSearch] = useState('');
  const [customerSearch, setCustomerSearch] = useState('');
  const models = useListMachineModelOptionsQuery(modelSearch);
  const customers = useListMachineCustomerOptionsQuery(customerSearch);
  const { isSubmitting } = form.formState;

  const modelOptions = (models.data?.data ?? []).map((model) => ({ value: model.id, label: model.name }));
  const customerOptions = (customers.data?.data ?? []).map((customer) => ({ value: customer.id, label: customer.name }));
  const long = (total: number | undefined, count: number, q: string) => q !== '' || (total ?? 0) > count;

  const submit = async (input: z.output<typeof quickMachineSchema>) => {
    setFailure(null);
    const services = models.data?.data.find((model) => model.id === input.modelId)?.services ?? [];
    try {
      const machine = await submitMachine({
        ...input,
        serialNumber: '',
        site: '',
        lanSubnet: '',
        services: services.map((service) => ({ ...service })),
        deviceId,
        moveDevice: true,
      });
      onCreated(machine);
    } catch (error) {
      const outcome = applyApiError(form, error, { fields: ['name', 'modelId', 'customerId'] });
      if (outcome.kind !== 'field') setFailure(apiErrorMessage(error));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (next || !isSubmitting) onOpenChange(next);
      }}
    >
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Nova máquina</DialogTitle>
          <DialogDescription>
            Cadastre a máquina em que o gateway está instalado. Número de série, local, rede e serviços podem ser
            completados depois, na página da máquina.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} className="space-y-5">
          <FormErrorBanner message={failure} />
          <TextInputField name="name" label="Nome" required hint="Nome ou etiqueta, ex.: IH-450 #07." />
          <SearchableSelectField
            name="modelId"
            label="Modelo"
            required
            placeholder={models.isLoading ? 'Carregando modelos…' : 'Selecione o modelo'}
            options={modelOptions}
            hint={models.error ? `Não foi possível carregar os modelos: ${apiErrorMessage(models.error)}` : undefined}
            search={
              long(models.data?.meta.total, modelOptions.length, modelSearch)
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
            hint={customers.error ? `Não foi possível carregar os clientes: ${apiErrorMessage(customers.error)}` : undefined}
            search={
              long(customers.data?.meta.total, customerOptions.length, customerSearch)
                ? { label: 'Buscar cliente', value: customerSearch, onSearch: setCustomerSearch }
                : null
            }
          />
          <DialogFooter>
            <Button variant="secondary" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? 'Cadastrando…' : 'Cadastrar e associar'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
