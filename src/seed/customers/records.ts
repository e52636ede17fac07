/** The demo database's customer (a builder's client factory): see `Customer` in src/contracts/customer.ts. */
import type { Uf } from '@/contracts/validators/fields';
import type { Stamped } from '@/seed/stored';

export interface CustomerRecord extends Stamped {
  id: string;
  ownerUid: string;
  /** Razão social. */
  name: string;
  /** Nome fantasia. */
  tradeName: string;
  /** 14 characters, no mask, upper-case. */
  cnpj: string;
  email: string;
  /** Digits only. */
  phone: string;
  city: string;
  uf: Uf | '';
  /** "Exigir aprovação da fábrica" (issue 25): remote access to its machines waits for the factory's approval. */
  requireFactoryApproval: boolean;
  createdAt: number;
}
