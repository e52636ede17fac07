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
  /**
   * "Exigir aprovação da fábrica": a remote-access request for one of its machines waits for the factory's approval
   * (a link sent to `email`), besides any Administrador's approval the account's policy asks (issue 25).
   */
  requireFactoryApproval: boolean;
  /** How many of the account's machines are installed at this customer. */
  machineCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const CUSTOMER_FACTORY_APPROVAL_NEEDS_EMAIL =
  'Informe o e-mail do cliente: é para ele que vai o link de aprovação da fábrica.';

/** Create and update take the same fields. */
export const customerInputSchema = z
  .object({
    name: requiredText('Informe a razão social.'),
    tradeName: optionalText(),
    cnpj: cnpjField,
    email: optionalEmail,
    phone: optionalPhone,
    city: optionalText(80),
    uf: optionalUf,
    /** "Exigir aprovação da fábrica" (off unless ticked; needs the customer's e-mail to be of use). */
    requireFactoryApproval: z.boolean({ error: 'Informe se a aprovação da fábrica é exigida.' }).default(false),
  })
  .refine((input) => !input.requireFactoryApproval || input.email !== '', {
    error: CUSTOMER_FACTORY_APPROVAL_NEEDS_EMAIL,
    path: ['email'],
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
