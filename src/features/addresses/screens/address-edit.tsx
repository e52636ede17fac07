import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { addressName, addressToForm, type Address, type AddressInput } from '@/contracts/address';
import { DetailPage } from '@/components/ui/detail-page';
import { FormPage } from '@/components/ui/form-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useGetAddressQuery, useLazyGetAddressQuery, useUpdateAddressMutation } from '@/entities/addresses/api';
import { AddressForm } from '../components/address-form';
import { ADDRESS_NOT_FOUND_DESCRIPTION, ADDRESS_NOT_FOUND_TITLE, BACK_TO_ADDRESSES } from '../components/not-found';

function EditForm({ address }: { address: Address }) {
  const navigate = useNavigate();
  const [updateAddress] = useUpdateAddressMutation();
  const [fetchLatest] = useLazyGetAddressQuery();

  const saved = useCallback(
    (result: Address) => {
      toast.success('Alterações salvas.');
      navigate(portalPaths.address(result.id), { replace: true });
    },
    [navigate],
  );

  return (
    <AddressForm
      // The version the form was loaded with travels with every save; a newer one on the server is a 409.
      key={address.id}
      defaultValues={addressToForm(address)}
      onSubmit={(input: AddressInput) => updateAddress({ id: address.id, version: address.version, input }).unwrap()}
      onSaved={saved}
      onCancel={() => navigate(portalPaths.address(address.id))}
      onReloadLatest={() => fetchLatest(address.id).unwrap()}
    />
  );
}

export default function AddressEditScreen() {
  const { id = '' } = useParams();
  const query = useGetAddressQuery(id);
  useBreadcrumbTitle(query.currentData ? `Editar ${addressName(query.currentData)}` : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle={ADDRESS_NOT_FOUND_TITLE}
      notFoundDescription={ADDRESS_NOT_FOUND_DESCRIPTION}
      backTo={BACK_TO_ADDRESSES}
    >
      {(address: Address) => (
        <FormPage title="Editar endereço" subtitle={addressName(address)}>
          <EditForm address={address} />
        </FormPage>
      )}
    </DetailPage>
  );
}
