import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDayOf } from '@/contracts/validators/days';
import {
  barcodeFromBoletoLine,
  boletoLineFromBarcode,
  buildBoleto,
  dueDateFactor,
  dueDayFromFactor,
  formatBoletoLine,
  isValidBoletoLine,
  mod10,
  mod11,
} from '../payments/boleto';

/** Noon in Brasília of a calendar day (so the day is the same everywhere). */
const day = (isoDay: string) => new Date(`${isoDay}T12:00:00-03:00`);

const FORMATTED = /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/;

const digits = (length: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: length, maxLength: length }).map((chars) => chars.join(''));
const boletoCharge = fc.record({
  bankCode: digits(3),
  // From 2000-07-03 (factor 1000 of the first cycle) to 2060, across the 2025-02-22 and 2049-10-14 restarts.
  dueDate: fc.integer({ min: Date.UTC(2000, 6, 3, 15), max: Date.UTC(2060, 11, 31, 15) }).map((ms) => new Date(ms)),
  amountCents: fc.integer({ min: 0, max: 9_999_999_999 }),
  freeField: digits(25),
});

describe('buildBoleto: a worked example', () => {
  /*
   * Banco do Brasil (001), real (9), due 2026-03-10, R$ 1.234,56, campo livre 0000001234567000000000017.
   *
   * Factor: 2025-02-22 is 1000 (the restart); 2026-03-10 is 365 + 16 days later → 1381.
   * Amount: 0000123456.
   *
   * General check digit (modulo 11) over the 43 digits without it:
   *   0019 1381 0000123456 0000001234567000000000017
   *   weights 2, 3, …, 9, 2, 3, … from the right; the non-zero products, right to left:
   *   7×2=14, 1×3=3 | 7×6=42, 6×7=42, 5×8=40, 4×9=36, 3×2=6, 2×3=6, 1×4=4 | 6×3=18, 5×4=20, 4×5=20, 3×6=18,
   *   2×7=14, 1×8=8 | 1×5=5, 8×6=48, 3×7=21, 1×8=8, 9×9=81, 1×2=2
   *   sum = 456; 456 mod 11 = 5; 11 − 5 = 6 → barcode 0019 6 1381 0000123456 0000001234567000000000017.
   *
   * Field check digits (modulo 10, weights 2, 1, 2, … from the right, digits of products summed):
   *   field 1 "001900000": 0×2 0×1 0×2 0×1 0×2 9×1=9 1×2=2 0×1 0×2 → 11; 10 − 1 = 9 → 00190.00009
   *   field 2 "0123456700": 0×2 0×1 7×2=14→5 6×1=6 5×2=10→1 4×1=4 3×2=6 2×1=2 1×2=2 0×1 → 26; 10 − 6 = 4
   *     → 01234.567004
   *   field 3 "0000000017": 7×2=14→5 1×1=1 → 6; 10 − 6 = 4 → 00000.000174
   */
  const boleto = buildBoleto({
    bankCode: '001',
    dueDate: day('2026-03-10'),
    amountCents: 123_456,
    freeField: '0000001234567000000000017',
  });

  it('has the barcode with its modulo-11 digit at position 5', () => {
    expect(boleto.barcode).toBe('00196138100001234560000001234567000000000017');
    expect(boleto.barcode).toHaveLength(44);
    expect(mod11('0019138100001234560000001234567000000000017')).toBe(6);
  });

  it('has the linha digitável with the modulo-10 digits of its first three fields', () => {
    expect(boleto.line).toBe('00190000090123456700400000000174613810000123456');
    expect(formatBoletoLine(boleto.line)).toBe('00190.00009 01234.567004 00000.000174 6 13810000123456');
    expect([mod10('001900000'), mod10('0123456700'), mod10('0000000017')]).toEqual([9, 4, 4]);
    expect(isValidBoletoLine(boleto.line)).toBe(true);
    expect(isValidBoletoLine(formatBoletoLine(boleto.line))).toBe(true);
  });

  it('returns the due date', () => {
    expect(boleto.dueDate.getTime()).toBe(day('2026-03-10').getTime());
  });
});

describe('check digits', () => {
  it('modulo 11 turns 0, 10 and 11 into 1', () => {
    // "1": 1×2 = 2 → 11 − 2 = 9. "0": sum 0 → 11 → 1. "5": 5×2 = 10 → 11 − 10 = 1. "6": 12 mod 11 = 1 → 10 → 1.
    expect(mod11('1')).toBe(9);
    expect(mod11('0')).toBe(1);
    expect(mod11('5')).toBe(1);
    expect(mod11('6')).toBe(1);
  });

  it('modulo 10 sums the digits of products over 9 and maps 10 to 0', () => {
    expect(mod10('0')).toBe(0);
    expect(mod10('5')).toBe(9); // 5×2 = 10 → 1 + 0 = 1 → 9
    expect(mod10('91')).toBe(9); // 1×2 = 2, 9×1 = 9 → 11; 11 mod 10 = 1 → 10 − 1 = 9
  });
});

describe('due-date factor', () => {
  it('counts from 1997-10-07 and restarts at 1000 on 2025-02-22', () => {
    expect(dueDateFactor(day('2000-07-03'))).toBe('1000');
    expect(dueDateFactor(day('2000-07-04'))).toBe('1001');
    expect(dueDateFactor(day('2025-02-20'))).toBe('9998');
    expect(dueDateFactor(day('2025-02-21'))).toBe('9999');
    expect(dueDateFactor(day('2025-02-22'))).toBe('1000');
    expect(dueDateFactor(day('2025-02-23'))).toBe('1001');
    expect(dueDateFactor(day('2026-03-10'))).toBe('1381');
    // The next restart, 9000 days later.
    expect(dueDateFactor(day('2049-10-13'))).toBe('9999');
    expect(dueDateFactor(day('2049-10-14'))).toBe('1000');
  });

  it('takes the calendar day in Brasília, wherever the code runs', () => {
    // 2025-02-22 01:00 UTC is still 2025-02-21, 22:00 in Brasília.
    expect(dueDateFactor(new Date('2025-02-22T01:00:00Z'))).toBe('9999');
    expect(dueDateFactor(new Date('2025-02-22T03:00:00Z'))).toBe('1000');
  });

  it('refuses days before factor 1000', () => {
    expect(() => dueDateFactor(day('2000-07-02'))).toThrow(RangeError);
  });

  it('reads a factor back as the day nearest to when it is read', () => {
    expect(dueDayFromFactor(9999, day('2025-02-10'))).toBe('2025-02-21');
    expect(dueDayFromFactor(1000, day('2025-02-10'))).toBe('2025-02-22');
    expect(dueDayFromFactor(1000, day('2001-01-01'))).toBe('2000-07-03');
    expect(dueDayFromFactor(1381, day('2026-03-01'))).toBe('2026-03-10');
  });

  it('round-trips every day and steps by one, except at the restart (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 6, 3, 15), max: Date.UTC(2070, 0, 1) }), (ms) => {
        const date = new Date(ms);
        const factor = Number(dueDateFactor(date));
        const next = Number(dueDateFactor(new Date(ms + 24 * 60 * 60 * 1000)));
        return (
          factor >= 1000 &&
          factor <= 9999 &&
          dueDayFromFactor(factor, date) === isoDayOf(date) &&
          (factor === 9999 ? next === 1000 : next === factor + 1)
        );
      }),
    );
  });
});

describe('buildBoleto: properties', () => {
  it('every boleto has a valid 47-digit line and a 44-digit barcode of its fields', () => {
    fc.assert(
      fc.property(boletoCharge, (charge) => {
        const { barcode, line } = buildBoleto(charge);
        return (
          /^\d{44}$/.test(barcode) &&
          /^\d{47}$/.test(line) &&
          barcode.startsWith(`${charge.bankCode}9`) &&
          barcode.slice(5, 9) === dueDateFactor(charge.dueDate) &&
          Number(barcode.slice(9, 19)) === charge.amountCents &&
          barcode.slice(19) === charge.freeField &&
          isValidBoletoLine(line) &&
          FORMATTED.test(formatBoletoLine(line)) &&
          barcodeFromBoletoLine(line) === barcode &&
          boletoLineFromBarcode(barcode) === line
        );
      }),
    );
  });

  it('any wrong digit in fields 1 to 4 is caught (property)', () => {
    fc.assert(
      fc.property(boletoCharge, fc.integer({ min: 0, max: 32 }), fc.integer({ min: 1, max: 9 }), (charge, at, shift) => {
        const { line } = buildBoleto(charge);
        const wrong = `${line.slice(0, at)}${(Number(line[at]) + shift) % 10}${line.slice(at + 1)}`;
        return !isValidBoletoLine(wrong);
      }),
    );
  });

  it('catches a changed amount', () => {
    const { line } = buildBoleto({ bankCode: '001', dueDate: day('2026-03-10'), amountCents: 123_456, freeField: '0000001234567000000000017' });
    expect(isValidBoletoLine(line.replace(/123456$/, '123457'))).toBe(false);
    expect(isValidBoletoLine(line.replace(/123456$/, '923456'))).toBe(false);
  });
});

describe('isValidBoletoLine', () => {
  const line = '00190000090123456700400000000174613810000123456';

  it('refuses wrong lengths, other characters and a currency other than real', () => {
    expect(isValidBoletoLine(line.slice(1))).toBe(false);
    expect(isValidBoletoLine(`${line}0`)).toBe(false);
    expect(isValidBoletoLine(line.replace('0019', '001X'))).toBe(false);
    expect(isValidBoletoLine(line.replace(/^0019/, '0010'))).toBe(false);
    expect(isValidBoletoLine('')).toBe(false);
  });

  it('formats only complete lines', () => {
    expect(formatBoletoLine('123')).toBe('123');
  });
});

describe('buildBoleto: input', () => {
  const valid = { bankCode: '001', dueDate: day('2026-03-10'), amountCents: 100, freeField: '0'.repeat(25) };

  it('refuses a malformed bank code, campo livre or amount', () => {
    expect(() => buildBoleto({ ...valid, bankCode: '1' })).toThrow(RangeError);
    expect(() => buildBoleto({ ...valid, freeField: '1'.repeat(24) })).toThrow(RangeError);
    expect(() => buildBoleto({ ...valid, amountCents: 1.5 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...valid, amountCents: -1 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...valid, amountCents: 10_000_000_000 })).toThrow(RangeError);
  });

  it('writes the largest amount in the 10 digits of the barcode', () => {
    expect(buildBoleto({ ...valid, amountCents: 9_999_999_999 }).barcode.slice(9, 19)).toBe('9999999999');
  });
});
