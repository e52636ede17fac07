import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMPTY_ADDRESS, type Address, type AddressInput } from '@/contracts/address';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { apiErrorStatus } from '@/lib/api/errors';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { useCreateAddressMutation } from '@/entities/addresses/api';
import { AddressForm } from '../components/address-form';

export default function AddressNewScreen() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const [createAddress] = useCreateAddressMutation();
  // One key per submission: a retry after a timeout or a 5xx replays it (never two addresses); an answer the
  // server gave (400, 409) ends that submission, so the corrected one gets a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = async (input: AddressInput): Promise<Address> => {
    try {
      return await createAddress({ input, idempotencyKey }).unwrap();
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status !== null && status >= 400 && status < 500) setIdempotencyKey(newIdempotencyKey());
      throw error;
    }
  };

  const saved = useCallback(
    (address: Address) => {
      toast.success(address.isDefault ? 'Endereço cadastrado como seu endereço padrão.' : 'Endereço cadastrado.');
      navigate(portalPaths.address(address.id), { replace: true });
    },
    [navigate],
  );

  return (
    <section className="max-w-3xl">
      <PageHeader title={title} subtitle="Digite o CEP: rua, bairro, cidade e UF são preenchidos para você." />
      <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <AddressForm
          defaultValues={EMPTY_ADDRESS}
          onSubmit={submit}
          onSaved={saved}
          onCancel={() => navigate(portalPaths.addresses)}
        />
      </div>
    </section>
  );
}
