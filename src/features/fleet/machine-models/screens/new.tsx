import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MachineModel } from '@/contracts/machine-model';
import { FormPage } from '@/components/ui/form-page';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useCreateMachineModelMutation } from '../api';
import { EMPTY_MACHINE_MODEL, MachineModelForm } from '../components/machine-model-form';

export default function MachineModelNewScreen() {
  const navigate = useNavigate();
  const [createModel] = useCreateMachineModelMutation();
  const submit = useCreateSubmit(createModel);

  const saved = useCallback(
    (model: MachineModel) => {
      toast.success('Modelo cadastrado.');
      navigate(portalPaths.machineModel(model.id), { replace: true });
    },
    [navigate],
  );

  return (
    <FormPage title="Novo modelo" subtitle="Um tipo de máquina que você fabrica, com os serviços que ela oferece.">
      <MachineModelForm
        defaultValues={EMPTY_MACHINE_MODEL}
        onSubmit={submit}
        onSaved={saved}
        onCancel={() => navigate(portalPaths.machineModels)}
      />
    </FormPage>
  );
}
