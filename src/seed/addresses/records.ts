/** The demo database's address (a builder's delivery address): see `Address` in src/contracts/address.ts. */
import type { Uf } from '@/contracts/validators/fields';
import type { Stamped } from '@/seed/stored';

export interface AddressRecord extends Stamped {
  id: string;
  ownerUid: string;
  /** Apelido; may be empty. */
  label: string;
  /** Masked: 01310-100. */
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: Uf;
  /** Exactly one of an owner's addresses is the default while it has any. */
  isDefault: boolean;
  createdAt: number;
}
