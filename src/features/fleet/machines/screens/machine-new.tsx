import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Machine } from '@/contracts/machine';
import { FormPage } from '@/components/ui/form-page';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useCreateMachineMutation } from '../api';
import { EMPTY_MACHINE, MachineForm } from '../components/machine-form';

export default function MachineNewScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [createMachine] = useCreateMachineMutation();
  const submit = useCreateSubmit(createMachine);
  // `?customer=` / `?model=`: "Nova máquina" from a customer's or a model's page starts with it chosen.
  const [defaults] = useState(() => ({
    ...EMPTY_MACHINE,
    customerId: params.get('customer') ?? '',
    modelId: params.get('model') ?? '',
  }));

  const saved = useCallback(
    (machine: Machine) => {
      toast.success('Máquina cadastrada.');
      navigate(portalPaths.machine(machine.id), { replace: true });
    },
    [navigate],
  );

  return (
    <FormPage title="Nova máquina" subtitle="Um equipamento entregue a um cliente, acessado pelo gateway instalado nele.">
      <MachineForm defaultValues={defaults} onSubmit={submit} onSaved={saved} onCancel={() => navigate(portalPaths.machines)} />
    </FormPage>
  );
}
