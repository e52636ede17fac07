import { addressName, addressToForm } from '@/contracts/address';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useGetAddressQuery, useLazyGetAddressQuery, useUpdateAddressMutation } from '@/entities/addresses/api';
import { AddressForm } from '../components/address-form';
import { ADDRESS_NOT_FOUND_DESCRIPTION, ADDRESS_NOT_FOUND_TITLE, BACK_TO_ADDRESSES } from '../components/not-found';

const AddressEditScreen = resourceEditScreen({
  Form: AddressForm,
  useGet: useGetAddressQuery,
  useLazyGet: useLazyGetAddressQuery,
  useUpdate: useUpdateAddressMutation,
  toForm: addressToForm,
  name: addressName,
  // The breadcrumb names this id's address only, never the previous one while it loads.
  breadcrumbFrom: 'currentData',
  title: 'Editar endereço',
  notFound: {
    notFoundTitle: ADDRESS_NOT_FOUND_TITLE,
    notFoundDescription: ADDRESS_NOT_FOUND_DESCRIPTION,
    backTo: BACK_TO_ADDRESSES,
  },
  recordPath: portalPaths.address,
});
export default AddressEditScreen;
