import type { MachineModel } from '@/contracts/machine-model';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useGetMachineModelQuery, useLazyGetMachineModelQuery, useUpdateMachineModelMutation } from '../api';
import { MachineModelForm, machineModelToForm } from '../components/machine-model-form';
import { MACHINE_MODEL_NOT_FOUND } from '../components/not-found-props';

const MachineModelEditScreen = resourceEditScreen({
  Form: MachineModelForm,
  useGet: useGetMachineModelQuery,
  useLazyGet: useLazyGetMachineModelQuery,
  useUpdate: useUpdateMachineModelMutation,
  toForm: machineModelToForm,
  name: (model: MachineModel) => model.name,
  title: 'Editar modelo',
  notFound: MACHINE_MODEL_NOT_FOUND,
  recordPath: portalPaths.machineModel,
});
export default MachineModelEditScreen;
