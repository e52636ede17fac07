import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { MachineModel, MachineModelInput } from '@/contracts/machine-model';
import { DetailPage } from '@/components/ui/detail-page';
import { FormPage } from '@/components/ui/form-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useGetMachineModelQuery, useLazyGetMachineModelQuery, useUpdateMachineModelMutation } from '../api';
import { MachineModelForm, machineModelToForm } from '../components/machine-model-form';
import { MACHINE_MODEL_NOT_FOUND } from '../components/not-found-props';

function EditForm({ model }: { model: MachineModel }) {
  const navigate = useNavigate();
  const [updateModel] = useUpdateMachineModelMutation();
  const [fetchLatest] = useLazyGetMachineModelQuery();

  const saved = useCallback(
    (result: MachineModel) => {
      toast.success('Alterações salvas.');
      navigate(portalPaths.machineModel(result.id), { replace: true });
    },
    [navigate],
  );

  return (
    <MachineModelForm
      // The version the form was loaded with travels with every save; a newer one on the server is a 409.
      key={model.id}
      defaultValues={machineModelToForm(model)}
      onSubmit={(input: MachineModelInput) => updateModel({ id: model.id, version: model.version, input }).unwrap()}
      onSaved={saved}
      onCancel={() => navigate(portalPaths.machineModel(model.id))}
      onReloadLatest={() => fetchLatest(model.id).unwrap()}
    />
  );
}

export default function MachineModelEditScreen() {
  const { id = '' } = useParams();
  const query = useGetMachineModelQuery(id);
  useBreadcrumbTitle(query.data ? `Editar ${query.data.name}` : undefined);
  return (
    <DetailPage query={query} {...MACHINE_MODEL_NOT_FOUND}>
      {(model: MachineModel) => (
        <FormPage title="Editar modelo" subtitle={model.name}>
          <EditForm model={model} />
        </FormPage>
      )}
    </DetailPage>
  );
}
