import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useCreateMachineModelMutation } from '../api';
import { EMPTY_MACHINE_MODEL, MachineModelForm } from '../components/machine-model-form';

const MachineModelNewScreen = resourceNewScreen({
  Form: MachineModelForm,
  useCreate: useCreateMachineModelMutation,
  defaultValues: () => EMPTY_MACHINE_MODEL,
  title: 'Novo modelo',
  subtitle: 'Um tipo de máquina que você fabrica, com os serviços que ela oferece.',
  savedToast: 'Modelo cadastrado.',
  recordPath: portalPaths.machineModel,
  listPath: portalPaths.machineModels,
});
export default MachineModelNewScreen;
