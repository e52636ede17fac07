/**
 * Seeded addresses: the demo builder's factory (its default, where its seeded orders ship) and its office, both
 * with CEPs of the look-up table; and the other builder's factory, which the demo builder must never see.
 * Deterministic for a given `now`.
 */
import { DAY, DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import type { AddressRecord } from './records';

type AddressFields = Pick<AddressRecord, 'label' | 'cep' | 'street' | 'number' | 'complement' | 'district' | 'city' | 'uf'>;

/** The demo builder's factory (address-1001): its default address, and the snapshot its seeded orders carry. */
export const FACTORY_ADDRESS: AddressFields = {
  label: 'Fábrica',
  cep: '13069-380',
  street: 'Rua Lauro Vannucci',
  number: '1020',
  complement: 'Galpão 3',
  district: 'Jardim Santa Cândida',
  city: 'Campinas',
  uf: 'SP',
};

export const FACTORY_ADDRESS_ID = 'address-1001';

export function seedAddresses(now: number): AddressRecord[] {
  const row = (id: string, ownerUid: string, fields: AddressFields, isDefault: boolean, daysAgo: number): AddressRecord => {
    const createdAt = now - daysAgo * DAY;
    return { id, ownerUid, ...fields, isDefault, createdAt, version: 1, updatedAt: createdAt };
  };
  return [
    row(FACTORY_ADDRESS_ID, DEMO_CUSTOMER_UID, FACTORY_ADDRESS, true, 230),
    row(
      'address-1002',
      DEMO_CUSTOMER_UID,
      {
        label: 'Escritório',
        cep: '01310-100',
        street: 'Avenida Paulista',
        number: '1578',
        complement: 'Conjunto 42',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
      },
      false,
      120,
    ),
    row(
      'address-1003',
      OTHER_ASSEMBLER_UID,
      {
        label: 'Fábrica',
        cep: '95059-050',
        street: 'Rua Aparício Borghetti',
        number: '880',
        complement: '',
        district: 'São Cristóvão',
        city: 'Caxias do Sul',
        uf: 'RS',
      },
      true,
      95,
    ),
  ];
}
