import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MachineModel, MachineModelInput } from '@/contracts/machine-model';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { apiErrorStatus } from '@/lib/api/errors';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { useCreateMachineModelMutation } from '../api';
import { EMPTY_MACHINE_MODEL, MachineModelForm } from '../components/machine-model-form';

export default function MachineModelNewScreen() {
  const navigate = useNavigate();
  const [createModel] = useCreateMachineModelMutation();
  // One key per submission: a retry after a timeout or a 5xx replays it (never two models); an answer the server
  // gave (400, 409) ends that submission, so the corrected one gets a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = async (input: MachineModelInput): Promise<MachineModel> => {
    try {
      return await createModel({ input, idempotencyKey }).unwrap();
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status !== null && status >= 400 && status < 500) setIdempotencyKey(newIdempotencyKey());
      throw error;
    }
  };

  const saved = useCallback(
    (model: MachineModel) => {
      toast.success('Modelo cadastrado.');
      navigate(portalPaths.machineModel(model.id), { replace: true });
    },
    [navigate],
  );

  return (
    <section className="max-w-3xl">
      <PageHeader title="Novo modelo" subtitle="Um tipo de máquina que você fabrica, com os serviços que ela oferece." />
      <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <MachineModelForm
          defaultValues={EMPTY_MACHINE_MODEL}
          onSubmit={submit}
          onSaved={saved}
          onCancel={() => navigate(portalPaths.machineModels)}
        />
      </div>
    </section>
  );
}
