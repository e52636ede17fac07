import { useCallback } from 'react';
import { addressName, type Address } from '@/contracts/address';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { useSetDefaultAddressMutation } from '@/entities/addresses/api';

/** "Definir como padrão": makes the address the account's only default, and says so (or why not). */
export function useMakeDefault() {
  const [setDefault, { isLoading }] = useSetDefaultAddressMutation();
  const makeDefault = useCallback(
    async (address: Pick<Address, 'id' | 'label' | 'street' | 'number'>) => {
      try {
        await setDefault(address.id).unwrap();
        toast.success(`“${addressName(address)}” agora é o seu endereço padrão.`);
      } catch (error) {
        toast.error(apiErrorMessage(error));
      }
    },
    [setDefault],
  );
  return { makeDefault, pending: isLoading };
}
