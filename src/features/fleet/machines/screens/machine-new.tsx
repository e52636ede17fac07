import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Machine } from '@/contracts/machine';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { apiErrorStatus } from '@/lib/api/errors';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { useCreateMachineMutation, type MachineWrite } from '../api';
import { EMPTY_MACHINE, MachineForm } from '../components/machine-form';

export default function MachineNewScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [createMachine] = useCreateMachineMutation();
  // One key per submission: a retry after a timeout or a 5xx replays it (never two machines); an answer the
  // server gave (400, 409) ends that submission, so the corrected one gets a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  // `?customer=` / `?model=`: "Nova máquina" from a customer's or a model's page starts with it chosen.
  const [defaults] = useState(() => ({
    ...EMPTY_MACHINE,
    customerId: params.get('customer') ?? '',
    modelId: params.get('model') ?? '',
  }));

  const submit = async (input: MachineWrite): Promise<Machine> => {
    try {
      return await createMachine({ input, idempotencyKey }).unwrap();
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status !== null && status >= 400 && status < 500) setIdempotencyKey(newIdempotencyKey());
      throw error;
    }
  };

  const saved = useCallback(
    (machine: Machine) => {
      toast.success('Máquina cadastrada.');
      navigate(portalPaths.machine(machine.id), { replace: true });
    },
    [navigate],
  );

  return (
    <section className="max-w-3xl">
      <PageHeader title="Nova máquina" subtitle="Um equipamento entregue a um cliente, acessado pelo gateway instalado nele." />
      <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <MachineForm defaultValues={defaults} onSubmit={submit} onSaved={saved} onCancel={() => navigate(portalPaths.machines)} />
      </div>
    </section>
  );
}
