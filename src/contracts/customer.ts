/**
 * Customer: a machine builder's client factory. One contract for the form, the API slice and the demo backend.
 */
import { z } from 'zod';
import { cnpjField, defineListQuery, optionalEmail, optionalPhone, optionalText, optionalUf, requiredText } from './common';
import { UFS, type Uf } from './validators/fields';

export interface Customer {
  id: string;
  /** Razão social. */
  name: string;
  /** Nome fantasia. */
  tradeName: string;
  /** 14 characters, no mask (numeric or alphanumeric). */
  cnpj: string;
  email: string;
  /** Digits only. */
  phone: string;
  city: string;
  uf: Uf | '';
  /** How many of the account's machines are installed at this customer. */
  machineCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Create and update take the same fields. */
export const customerInputSchema = z.object({
  name: requiredText('Informe a razão social.'),
  tradeName: optionalText(),
  cnpj: cnpjField,
  email: optionalEmail,
  phone: optionalPhone,
  city: optionalText(80),
  uf: optionalUf,
});

/** What the form holds (masked, as typed). */
export type CustomerFormValues = z.input<typeof customerInputSchema>;
/** What the API receives (normalised). */
export type CustomerInput = z.output<typeof customerInputSchema>;

export const CUSTOMER_DUPLICATE_CNPJ = 'Já existe um cliente com este CNPJ.';

export const customerListQuery = defineListQuery<'name' | 'tradeName' | 'city' | 'createdAt', { uf: Uf }>({
  sortKeys: ['name', 'tradeName', 'city', 'createdAt'],
  defaultSort: 'name',
  filters: { uf: UFS },
});

export type CustomerListQuery = ReturnType<typeof customerListQuery.parse>;

/** `n máquinas` in pt-BR. */
export function machinesCount(n: number): string {
  return n === 1 ? '1 máquina' : `${n} máquinas`;
}

export function customerHasMachinesMessage(n: number): string {
  return `Este cliente não pode ser excluído: ${machinesCount(n)} ${n === 1 ? 'está instalada' : 'estão instaladas'} nele. Mova ou exclua ${n === 1 ? 'a máquina' : 'as máquinas'} antes.`;
}
