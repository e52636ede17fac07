import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Machine } from '@/contracts/machine';
import { DetailPage } from '@/components/ui/detail-page';
import { FormPage } from '@/components/ui/form-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useGetMachineQuery, useLazyGetMachineQuery, useUpdateMachineMutation, type MachineWrite } from '../api';
import { MachineForm, machineToForm } from '../components/machine-form';

function EditForm({ machine }: { machine: Machine }) {
  const navigate = useNavigate();
  const [updateMachine] = useUpdateMachineMutation();
  const [fetchLatest] = useLazyGetMachineQuery();

  const saved = useCallback(
    (result: Machine) => {
      toast.success('Alterações salvas.');
      navigate(portalPaths.machine(result.id), { replace: true });
    },
    [navigate],
  );

  return (
    <MachineForm
      // The version the form was loaded with travels with every save; a newer one on the server is a 409.
      key={machine.id}
      machine={machine}
      defaultValues={machineToForm(machine)}
      onSubmit={(input: MachineWrite) => updateMachine({ id: machine.id, version: machine.version, input }).unwrap()}
      onSaved={saved}
      onCancel={() => navigate(portalPaths.machine(machine.id))}
      onReloadLatest={() => fetchLatest(machine.id).unwrap()}
    />
  );
}

export default function MachineEditScreen() {
  const { id = '' } = useParams();
  const query = useGetMachineQuery(id);
  useBreadcrumbTitle(query.data ? `Editar ${query.data.name}` : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Máquina não encontrada"
      notFoundDescription="Ela pode ter sido excluída, ou o endereço está incorreto."
      backTo={{ href: portalPaths.machines, label: 'Voltar para Máquinas' }}
    >
      {(machine: Machine) => (
        <FormPage title="Editar máquina" subtitle={machine.name}>
          <EditForm machine={machine} />
        </FormPage>
      )}
    </DetailPage>
  );
}
