import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMPTY_ADDRESS, type Address } from '@/contracts/address';
import { FormPage } from '@/components/ui/form-page';
import { usePageTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useCreateAddressMutation } from '@/entities/addresses/api';
import { AddressForm } from '../components/address-form';

export default function AddressNewScreen() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const [createAddress] = useCreateAddressMutation();
  const submit = useCreateSubmit(createAddress);

  const saved = useCallback(
    (address: Address) => {
      toast.success(address.isDefault ? 'Endereço cadastrado como seu endereço padrão.' : 'Endereço cadastrado.');
      navigate(portalPaths.address(address.id), { replace: true });
    },
    [navigate],
  );

  return (
    <FormPage title={title} subtitle="Digite o CEP: rua, bairro, cidade e UF são preenchidos para você.">
      <AddressForm
        defaultValues={EMPTY_ADDRESS}
        onSubmit={submit}
        onSaved={saved}
        onCancel={() => navigate(portalPaths.addresses)}
      />
    </FormPage>
  );
}
