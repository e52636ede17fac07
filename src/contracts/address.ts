/**
 * Address: a delivery address of the builder ("Meus Endereços"), and the CEP look-up that fills it. One contract
 * for the form (and any form that embeds the address fields, such as the checkout's), the API slice and the demo
 * backend.
 */
import { z } from 'zod';
import { defineListQuery, optionalText, requiredText } from './common';
import { cepProblem, maskCep, normalizeCep, UFS, type Uf } from './validators/fields';

export interface Address {
  id: string;
  /** Apelido ("Fábrica", "Escritório"); may be empty. */
  label: string;
  /** Masked: 01310-100. */
  cep: string;
  street: string;
  /** "1578", "s/n", "Km 12". */
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: Uf;
  /** Exactly one of the account's addresses is its default while any exists (preselected at checkout). */
  isDefault: boolean;
  /** The account's open orders (not delivered, not cancelled) that ship to this address: while > 0 it cannot be deleted. */
  openOrderCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** GET /address/cep/:cep — what the CEP look-up fills. */
export interface CepLookup {
  /** Masked: 01310-100. */
  cep: string;
  street: string;
  district: string;
  city: string;
  uf: Uf;
}

export const MAX_ADDRESS_LABEL_LENGTH = 60;

export const CEP_MESSAGES = {
  notFound: 'CEP não encontrado. Preencha o endereço manualmente.',
  /** Letters or symbols other than the mask's (a dot, a hyphen, spaces). */
  notDigits: 'CEP inválido: use apenas números, ex.: 01310-100.',
  lookupFailed: 'Não foi possível buscar o CEP agora. Preencha o endereço manualmente.',
} as const;

/** What a CEP may hold besides its digits: the mask's hyphen, the old dotted form (01.310-100), spaces. */
const CEP_PUNCTUATION = /[\s.-]/g;

/** The problem of a typed CEP (letters, length, a repeated digit), as shown on the field; null when it is fine. */
export function addressCepProblem(value: string): string | null {
  if (/[^\d]/.test(value.replace(CEP_PUNCTUATION, ''))) return CEP_MESSAGES.notDigits;
  return cepProblem(value);
}

/** The 8 digits of a CEP that can be looked up, or null (incomplete, letters, 00000-000). */
export function lookupableCep(value: string): string | null {
  return addressCepProblem(value) === null ? normalizeCep(value) : null;
}

/** Accepts 01310100, 01310-100 or 01.310-100; stores the masked form 01310-100. */
export const cepField = z
  .string({ error: 'Informe o CEP.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = addressCepProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => maskCep(value));

/** One of the 27 UFs, in any case. */
export const requiredUf = z
  .string({ error: 'Selecione a UF.' })
  .trim()
  .toUpperCase()
  .pipe(
    z.enum(UFS, {
      error: (issue) => (issue.input === '' ? 'Selecione a UF.' : `UF inválida. Use uma das 27: ${UFS.join(', ')}.`),
    }),
  );

/** Create and update take the same fields (the default is changed by its own endpoint). */
export const addressInputSchema = z.object({
  label: optionalText(MAX_ADDRESS_LABEL_LENGTH),
  cep: cepField,
  street: requiredText('Informe a rua.', 120),
  number: requiredText('Informe o número (ou "s/n").', 20),
  complement: optionalText(80),
  district: requiredText('Informe o bairro.', 80),
  city: requiredText('Informe a cidade.', 80),
  uf: requiredUf,
});

/** What the form holds (as typed). */
export type AddressFormValues = z.input<typeof addressInputSchema>;
/** What the API receives (trimmed, CEP masked, UF upper-case). */
export type AddressInput = z.output<typeof addressInputSchema>;

/** The field names of the address, in the form's order. */
export const ADDRESS_FIELDS = ['label', 'cep', 'street', 'number', 'complement', 'district', 'city', 'uf'] as const;

export const EMPTY_ADDRESS: AddressFormValues = {
  label: '',
  cep: '',
  street: '',
  number: '',
  complement: '',
  district: '',
  city: '',
  uf: '',
};

export const addressListQuery = defineListQuery<'label' | 'street' | 'city' | 'createdAt'>({
  sortKeys: ['label', 'street', 'city', 'createdAt'],
  defaultSort: 'label',
});

export type AddressListQuery = ReturnType<typeof addressListQuery.parse>;

export const ADDRESS_NOT_FOUND = 'Endereço não encontrado.';

/** `n pedidos em aberto` in pt-BR. */
export function openOrdersCount(n: number): string {
  return n === 1 ? '1 pedido em aberto' : `${n} pedidos em aberto`;
}

/** "Este endereço não pode ser excluído: 2 pedidos em aberto o usam." */
export function addressInUseMessage(n: number): string {
  return `Este endereço não pode ser excluído: ${openOrdersCount(n)} o ${n === 1 ? 'usa' : 'usam'}.`;
}

/** What names an address in lists and dialogs: its apelido, else its street and number. */
export function addressName(address: Pick<Address, 'label' | 'street' | 'number'>): string {
  return address.label || streetLine({ street: address.street, number: address.number });
}

/** "Avenida Paulista, 1578 — Conjunto 42". */
export function streetLine(address: Pick<Address, 'street' | 'number'> & { complement?: string }): string {
  const main = address.number ? `${address.street}, ${address.number}` : address.street;
  return address.complement ? `${main} — ${address.complement}` : main;
}

/** "Bela Vista, São Paulo/SP · CEP 01310-100". */
export function cityLine(address: Pick<Address, 'district' | 'city' | 'uf' | 'cep'>): string {
  const place = [address.district, address.uf ? `${address.city}/${address.uf}` : address.city].filter(Boolean).join(', ');
  return address.cep ? `${place} · CEP ${maskCep(address.cep)}` : place;
}

/** The address the checkout preselects: the account's default (the first one, should none be marked). */
export function defaultAddress<A extends Pick<Address, 'isDefault'>>(addresses: readonly A[]): A | null {
  return addresses.find((address) => address.isDefault) ?? addresses[0] ?? null;
}

/** A stored address as the form shows it. */
export function addressToForm(address: AddressInput): AddressFormValues {
  return {
    label: address.label,
    cep: maskCep(address.cep),
    street: address.street,
    number: address.number,
    complement: address.complement,
    district: address.district,
    city: address.city,
    uf: address.uf,
  };
}
