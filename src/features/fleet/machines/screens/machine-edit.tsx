import type { Machine } from '@/contracts/machine';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useGetMachineQuery, useLazyGetMachineQuery, useUpdateMachineMutation } from '../api';
import { MachineForm, machineToForm } from '../components/machine-form';

const MachineEditScreen = resourceEditScreen({
  Form: MachineForm,
  useGet: useGetMachineQuery,
  useLazyGet: useLazyGetMachineQuery,
  useUpdate: useUpdateMachineMutation,
  toForm: machineToForm,
  // The stored machine keeps its model, customer and gateway among the options whatever the search.
  useFormProps: (machine: Machine) => ({ machine }),
  name: (machine: Machine) => machine.name,
  title: 'Editar máquina',
  notFound: {
    notFoundTitle: 'Máquina não encontrada',
    notFoundDescription: 'Ela pode ter sido excluída, ou o endereço está incorreto.',
    backTo: { href: portalPaths.machines, label: 'Voltar para Máquinas' },
  },
  recordPath: portalPaths.machine,
});
export default MachineEditScreen;
