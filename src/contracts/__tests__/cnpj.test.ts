import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cnpjProblem, formatCnpj, isValidCnpj, maskCnpj, normalizeCnpj } from '../validators/cnpj';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const base12 = fc.array(fc.constantFrom(...ALNUM), { minLength: 12, maxLength: 12 }).map((chars) => chars.join(''));
const numericBase12 = fc.array(fc.constantFrom(...'0123456789'), { minLength: 12, maxLength: 12 }).map((c) => c.join(''));

describe('CNPJ', () => {
  it('accepts known valid numeric CNPJs, with or without punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('45.278.193/0001-85')).toBe(true);
  });

  it('accepts the alphanumeric CNPJ in force since July 2026 (official example 12.ABC.345/01DE-35)', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });

  it('says what is wrong', () => {
    expect(cnpjProblem('')).toBe('empty');
    expect(cnpjProblem('11.222.333/0001')).toBe('length');
    expect(cnpjProblem('11.222.333/0001-82')).toBe('check-digits');
    expect(cnpjProblem('00.000.000/0000-00')).toBe('repeated');
    expect(cnpjProblem('12.ABC.345/01DE-3X')).toBe('characters');
    expect(cnpjProblem('12.ABC.345/01DE-35!')).toBe('characters');
  });

  it('every base plus its check digits is valid (property)', () => {
    fc.assert(
      fc.property(base12, (base) => {
        fc.pre(!/^(.)\1+$/.test(base));
        return isValidCnpj(base + cnpjCheckDigits(base));
      }),
    );
  });

  it('changing one check digit makes it invalid (property)', () => {
    fc.assert(
      fc.property(numericBase12, fc.integer({ min: 1, max: 9 }), (base, delta) => {
        fc.pre(!/^(.)\1+$/.test(base));
        const digits = cnpjCheckDigits(base);
        const wrong = String((Number(digits[1]) + delta) % 10);
        return !isValidCnpj(base + digits[0] + wrong);
      }),
    );
  });

  it('masks as typed and never loses a character (property)', () => {
    expect(maskCnpj('12')).toBe('12');
    expect(maskCnpj('123')).toBe('12.3');
    expect(maskCnpj('12abc')).toBe('12.ABC');
    expect(maskCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12ABC34501DE35999')).toBe('12.ABC.345/01DE-35');
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const masked = maskCnpj(typed);
        return normalizeCnpj(masked) === normalizeCnpj(typed).slice(0, 14) && maskCnpj(masked) === masked;
      }),
    );
  });

  it('formats stored CNPJs for display', () => {
    expect(formatCnpj('45278193000185')).toBe('45.278.193/0001-85');
    expect(formatCnpj(null)).toBe('');
  });
});
