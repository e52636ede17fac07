import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useCreateMachineMutation } from '../api';
import { EMPTY_MACHINE, MachineForm } from '../components/machine-form';

const MachineNewScreen = resourceNewScreen({
  Form: MachineForm,
  useCreate: useCreateMachineMutation,
  // `?customer=` / `?model=`: "Nova máquina" from a customer's or a model's page starts with it chosen.
  defaultValues: (search) => ({
    ...EMPTY_MACHINE,
    customerId: search.get('customer') ?? '',
    modelId: search.get('model') ?? '',
  }),
  title: 'Nova máquina',
  subtitle: 'Um equipamento entregue a um cliente, acessado pelo gateway instalado nele.',
  savedToast: 'Máquina cadastrada.',
  recordPath: portalPaths.machine,
  listPath: portalPaths.machines,
});
export default MachineNewScreen;
