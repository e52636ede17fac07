import { EMPTY_ADDRESS, type Address } from '@/contracts/address';
import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useCreateAddressMutation } from '@/entities/addresses/api';
import { AddressForm } from '../components/address-form';

const AddressNewScreen = resourceNewScreen({
  Form: AddressForm,
  useCreate: useCreateAddressMutation,
  defaultValues: () => EMPTY_ADDRESS,
  title: (pageTitle) => pageTitle,
  subtitle: 'Digite o CEP: rua, bairro, cidade e UF são preenchidos para você.',
  savedToast: (address: Address) =>
    address.isDefault ? 'Endereço cadastrado como seu endereço padrão.' : 'Endereço cadastrado.',
  recordPath: portalPaths.address,
  listPath: portalPaths.addresses,
});
export default AddressNewScreen;
