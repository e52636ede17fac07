import { describe, expect, it } from 'vitest';
import { formatBRL } from '../money';

const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const intlWhole = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 });

describe('formatBRL', () => {
  it('writes reais as pt-BR does: R$, no-break space, "." between thousands, "," before centavos', () => {
    expect(formatBRL(4990)).toBe('R$\u00a049,90');
    expect(formatBRL(123456789)).toBe('R$\u00a01.234.567,89');
    expect(formatBRL(5)).toBe('R$\u00a00,05');
    expect(formatBRL(4900, { wholeWithoutCents: true })).toBe('R$\u00a049');
    expect(formatBRL(4990, { wholeWithoutCents: true })).toBe('R$\u00a049,90');
  });

  it('gives the same text as Intl.NumberFormat for BRL', () => {
    for (const cents of [0, 1, 99, 100, 4990, 14900, 100000, 99999999, 123456789012, -4990, -100000]) {
      expect(formatBRL(cents), String(cents)).toBe(intl.format(cents / 100));
      if (cents % 100 === 0) expect(formatBRL(cents, { wholeWithoutCents: true })).toBe(intlWhole.format(cents / 100));
    }
  });

  it('refuses what is not an amount', () => {
    expect(() => formatBRL(Number.NaN)).toThrow(RangeError);
    expect(() => formatBRL(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
