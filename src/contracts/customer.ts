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

/**
 * "Exigir aprovação da fábrica" and the e-mail (where the factory's approval link goes) change only by an
 * Administrador (issue 35): a Técnico's change of either is refused (403) with this; the form shows them read-only.
 */
export const CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY =
  'Somente um Administrador pode alterar "Exigir aprovação da fábrica" e o e-mail do cliente, para onde vai o link de aprovação.';
/** The form's one-line hint under those two fields, for a Técnico. */
export const CUSTOMER_FACTORY_APPROVAL_HINT = 'Somente um Administrador pode alterar a aprovação da fábrica.';

type FactoryApproval = Pick<CustomerInput, 'name' | 'email' | 'requireFactoryApproval'>;

/** E-mails as the schema keeps them (trimmed, lower case), so a record stored otherwise compares equal. */
const normalEmail = (email: string) => email.trim().toLowerCase();

/** The factory-approval fields `input` would change on `current`, the e-mail first. */
export function factoryApprovalChanges(current: FactoryApproval, input: FactoryApproval): ('email' | 'requireFactoryApproval')[] {
  const fields: ('email' | 'requireFactoryApproval')[] = [];
  if (normalEmail(current.email) !== normalEmail(input.email)) fields.push('email');
  if (current.requireFactoryApproval !== input.requireFactoryApproval) fields.push('requireFactoryApproval');
  return fields;
}

const shownEmail = (email: string) => (email === '' ? '(nenhum)' : normalEmail(email));

/**
 * What Histórico says of each change of a customer's factory approval ("Aprovação da fábrica alterada"), naming the
 * customer as named after it; `current` null: a creation (recorded only when it requires the approval).
 */
export function factoryApprovalChangeReasons(current: FactoryApproval | null, input: FactoryApproval): string[] {
  if (!current) {
    return input.requireFactoryApproval
      ? [`Cliente ${input.name} cadastrado com "Exigir aprovação da fábrica" ativada (e-mail: ${shownEmail(input.email)}).`]
      : [];
  }
  return factoryApprovalChanges(current, input).map((field) =>
    field === 'requireFactoryApproval'
      ? `Cliente ${input.name}: "Exigir aprovação da fábrica" ${input.requireFactoryApproval ? 'ativada' : 'desativada'}.`
      : `Cliente ${input.name}: e-mail de aprovação alterado de ${shownEmail(current.email)} para ${shownEmail(input.email)}.`,
  );
}

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

/** A Técnico moving a machine from or to a customer that requires the factory's approval (issue 35): 403. */
export const MACHINE_CUSTOMER_APPROVAL_ADMIN_ONLY =
  'Somente um Administrador pode mudar o cliente de uma máquina quando o cliente atual ou o novo exige aprovação da fábrica.';
