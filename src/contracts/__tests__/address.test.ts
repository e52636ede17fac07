import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressCepProblem,
  addressInputSchema,
  addressInUseMessage,
  addressListQuery,
  addressName,
  addressToForm,
  CEP_MESSAGES,
  cityLine,
  defaultAddress,
  EMPTY_ADDRESS,
  lookupableCep,
  openOrdersCount,
  streetLine,
} from '../address';
import { firstIssue } from '../common';

const valid = {
  label: '  Depósito ',
  cep: '89220120',
  street: 'Rua Araquã',
  number: '455',
  complement: '',
  district: 'Costa e Silva',
  city: 'Joinville',
  uf: 'sc',
};

function issues(input: unknown): Array<[string, string]> {
  const result = addressInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('address contract', () => {
  it('parses a valid address: trimmed, CEP masked, UF upper-case, optional texts default to empty', () => {
    expect(addressInputSchema.parse(valid)).toEqual({
      label: 'Depósito',
      cep: '89220-120',
      street: 'Rua Araquã',
      number: '455',
      complement: '',
      district: 'Costa e Silva',
      city: 'Joinville',
      uf: 'SC',
    });
    const { label: _label, complement: _complement, ...required } = valid;
    expect(addressInputSchema.parse({ ...required, cep: '01.310-100' })).toMatchObject({ label: '', complement: '', cep: '01310-100' });
  });

  it('says on each required field what is missing', () => {
    expect(issues(EMPTY_ADDRESS)).toEqual([
      ['cep', 'Informe o CEP.'],
      ['street', 'Informe a rua.'],
      ['number', 'Informe o número (ou "s/n").'],
      ['district', 'Informe o bairro.'],
      ['city', 'Informe a cidade.'],
      ['uf', 'Selecione a UF.'],
    ]);
    expect(issues({})).toContainEqual(['uf', 'Selecione a UF.']);
  });

  it('refuses a CEP with 7 digits, with letters or of one repeated digit, and an unknown UF', () => {
    const cepOf = (cep: string) => issues({ ...valid, cep });
    expect(cepOf('0131010')).toEqual([['cep', 'CEP inválido. Use 8 números, ex.: 01310-100.']]);
    expect(cepOf('01310-1000')).toEqual([['cep', 'CEP inválido. Use 8 números, ex.: 01310-100.']]);
    expect(cepOf('0131O-100')).toEqual([['cep', CEP_MESSAGES.notDigits]]);
    expect(cepOf('01310-100a')).toEqual([['cep', CEP_MESSAGES.notDigits]]);
    expect(cepOf('00000-000')).toEqual([['cep', 'CEP inválido. Use 8 números, ex.: 01310-100.']]);
    expect(issues({ ...valid, uf: 'XX' })[0]?.[1]).toMatch(/^UF inválida\. Use uma das 27: AC, AL/);
    expect(issues({ ...valid, number: '9'.repeat(21) })).toEqual([['number', 'Use no máximo 20 caracteres.']]);
    expect(issues({ ...valid, label: 'A'.repeat(61) })).toEqual([['label', 'Use no máximo 60 caracteres.']]);
    const failed = addressInputSchema.safeParse({ ...valid, cep: '123' });
    expect(failed.success ? null : firstIssue(failed.error)).toEqual({ field: 'cep', message: 'CEP inválido. Use 8 números, ex.: 01310-100.' });
  });

  it('looks up only a complete, valid CEP', () => {
    expect(lookupableCep('01310-100')).toBe('01310100');
    expect(lookupableCep('01310100')).toBe('01310100');
    expect(lookupableCep('01310-10')).toBeNull();
    expect(lookupableCep('11111-111')).toBeNull();
    expect(lookupableCep('0131A-100')).toBeNull();
    expect(addressCepProblem('')).toBe('Informe o CEP.');
  });

  it('any 8 digits (not one repeated) pass in any usual form and are stored masked; any letter is refused', () => {
    const eightDigits = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 })
      .map((digits) => digits.join(''))
      .filter((digits) => !/^(\d)\1{7}$/.test(digits));
    fc.assert(
      fc.property(eightDigits, fc.constantFrom('bare', 'masked', 'dotted', 'spaced'), (digits, form) => {
        const typed =
          form === 'bare'
            ? digits
            : form === 'masked'
              ? `${digits.slice(0, 5)}-${digits.slice(5)}`
              : form === 'dotted'
                ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}-${digits.slice(5)}`
                : ` ${digits} `;
        const parsed = addressInputSchema.parse({ ...valid, cep: typed });
        expect(parsed.cep).toBe(`${digits.slice(0, 5)}-${digits.slice(5)}`);
      }),
    );
    fc.assert(
      fc.property(eightDigits, fc.nat(8), fc.constantFrom('a', 'O', 'l', 'x', '#', '_'), (digits, at, letter) => {
        const typed = digits.slice(0, at) + letter + digits.slice(at);
        expect(issues({ ...valid, cep: typed })).toEqual([['cep', CEP_MESSAGES.notDigits]]);
      }),
    );
  });

  it('names the open orders that keep an address, singular and plural', () => {
    expect(openOrdersCount(1)).toBe('1 pedido em aberto');
    expect(addressInUseMessage(1)).toBe('Este endereço não pode ser excluído: 1 pedido em aberto o usa.');
    expect(addressInUseMessage(2)).toBe('Este endereço não pode ser excluído: 2 pedidos em aberto o usam.');
  });

  it('names and writes an address for lists, dialogs and the checkout', () => {
    const address = { label: '', street: 'Avenida Paulista', number: '1578', complement: 'Conjunto 42', district: 'Bela Vista', city: 'São Paulo', uf: 'SP' as const, cep: '01310-100' };
    expect(addressName(address)).toBe('Avenida Paulista, 1578');
    expect(addressName({ ...address, label: 'Escritório' })).toBe('Escritório');
    expect(streetLine(address)).toBe('Avenida Paulista, 1578 — Conjunto 42');
    expect(cityLine(address)).toBe('Bela Vista, São Paulo/SP · CEP 01310-100');
    expect(addressToForm({ ...address, cep: '01310100' }).cep).toBe('01310-100');
  });

  it('preselects the default address for the checkout', () => {
    const a = { id: 'a', isDefault: false };
    const b = { id: 'b', isDefault: true };
    expect(defaultAddress([a, b])).toBe(b);
    expect(defaultAddress([a])).toBe(a);
    expect(defaultAddress([])).toBeNull();
  });

  it('parses the list query with safe fallbacks', () => {
    expect(addressListQuery.parse(new URLSearchParams('sort=-city&page=2&q=%20campinas%20'))).toMatchObject({
      sort: '-city',
      page: 2,
      q: 'campinas',
    });
    expect(addressListQuery.parse(new URLSearchParams('sort=drop&page=abc')).sort).toBe('label');
  });
});
