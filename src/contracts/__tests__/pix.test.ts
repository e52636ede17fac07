import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPixCode, crc16, foldPixText, formatPixAmount, parsePixCode, type PixCharge } from '../payments/pix';

/** The static BR Code example of the BCB's "Manual de Padrões para Iniciação do Pix" (no amount, no txid). */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const charge: PixCharge = {
  key: '7d9f0c2e-4b1a-4c8e-9f3d-2a6b5c1e8d40',
  merchantName: 'PONTE IIOT TECNOLOGIA',
  merchantCity: 'CAMPINAS',
  amountCents: 123_456,
  txid: 'PONTE1042ABC',
  description: 'Pedido 1042',
};

describe('crc16 (CRC16/CCITT-FALSE)', () => {
  it('gives the standard check value of "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('gives the CRC of the BCB manual’s example', () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('is 4 upper-case hex digits, zero-padded', () => {
    expect(crc16('')).toBe('FFFF');
    fc.assert(fc.property(fc.string(), (text) => /^[0-9A-F]{4}$/.test(crc16(text))));
  });
});

describe('parsePixCode', () => {
  it('reads the BCB manual’s example: fields, template sub-fields, valid CRC', () => {
    const { fields, valid } = parsePixCode(BCB_EXAMPLE);
    expect(valid).toBe(true);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('26.00')).toBe('br.gov.bcb.pix');
    expect(fields.get('26.01')).toBe('123e4567-e12b-12d1-a456-426655440000');
    expect(fields.get('59')).toBe('Fulano de Tal');
    expect(fields.get('60')).toBe('BRASILIA');
    expect(fields.get('62.05')).toBe('***');
    expect(fields.get('63')).toBe('1D3D');
  });

  it('refuses a wrong CRC, a changed character, a bad length and leftovers', () => {
    expect(parsePixCode(`${BCB_EXAMPLE.slice(0, -4)}1D3E`).valid).toBe(false);
    expect(parsePixCode(BCB_EXAMPLE.replace('Fulano', 'Fulana')).valid).toBe(false);
    expect(parsePixCode(BCB_EXAMPLE.replace('5913Fulano', '5914Fulano')).valid).toBe(false);
    expect(parsePixCode(`${BCB_EXAMPLE}0`).valid).toBe(false);
    expect(parsePixCode(BCB_EXAMPLE.toLowerCase()).valid).toBe(false);
    expect(parsePixCode('').valid).toBe(false);
    expect(parsePixCode('não é um código').valid).toBe(false);
  });

  it('requires the CRC as the last field and the payload format first', () => {
    // Well-formed TLV with a matching CRC, but 63 is not last.
    const body = '000201';
    const misplaced = `${body}6304${crc16(`${body}6304`)}5802BR`;
    expect(parsePixCode(misplaced).valid).toBe(false);
    const noFormat = '5802BR6304';
    expect(parsePixCode(noFormat + crc16(noFormat)).valid).toBe(false);
  });
});

describe('buildPixCode', () => {
  it('builds a single-use code with every field in order', () => {
    const code = buildPixCode(charge);
    expect(code).toBe(
      '000201' +
        '010212' +
        '2673' +
        '0014br.gov.bcb.pix' +
        '01367d9f0c2e-4b1a-4c8e-9f3d-2a6b5c1e8d40' +
        '0211Pedido 1042' +
        '52040000' +
        '5303986' +
        '54071234.56' +
        '5802BR' +
        '5921PONTE IIOT TECNOLOGIA' +
        '6008CAMPINAS' +
        '62160512PONTE1042ABC' +
        `6304${crc16(code.slice(0, -4))}`,
    );
    expect(parsePixCode(code).valid).toBe(true);
  });

  it('round-trips through parsePixCode', () => {
    const { fields, valid } = parsePixCode(buildPixCode(charge));
    expect(valid).toBe(true);
    expect(fields.get('01')).toBe('12');
    expect(fields.get('26.01')).toBe(charge.key);
    expect(fields.get('26.02')).toBe('Pedido 1042');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('1234.56');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('62.05')).toBe('PONTE1042ABC');
  });

  it('folds accents and trims names to 25 and cities to 15 ASCII characters', () => {
    const { fields } = parsePixCode(
      buildPixCode({
        ...charge,
        merchantName: '  Indústria  Açúcar & Café Ltda. — São Paulo  ',
        merchantCity: '  São José dos Campos ',
      }),
    );
    expect(fields.get('59')).toBe('Industria Acucar & Cafe L');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(foldPixText('Goiânia', 15)).toBe('Goiania');
    expect(foldPixText('ÁÉÍÓÚ ÂÊÔ ÃÕ Ç Ü àèìòù', 99)).toBe('AEIOU AEO AO C U aeiou');
    // Cut at the limit, then the trailing space dropped.
    expect(foldPixText('Ponte IIoT Tecnologia Ltda', 11)).toBe('Ponte IIoT');
  });

  it('keeps any name and city within the limits, printable ASCII, and the code valid (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.string({ minLength: 1, maxLength: 40 }), (name, city) => {
        fc.pre(foldPixText(name, 25) !== '' && foldPixText(city, 15) !== '');
        const { fields, valid } = parsePixCode(buildPixCode({ ...charge, merchantName: name, merchantCity: city }));
        const outName = fields.get('59') ?? '';
        const outCity = fields.get('60') ?? '';
        return (
          valid &&
          outName.length <= 25 &&
          outCity.length <= 15 &&
          /^[\x20-\x7e]+$/.test(outName + outCity) &&
          outName === outName.trim() &&
          outCity === outCity.trim()
        );
      }),
    );
  });

  it('writes integer centavos exactly', () => {
    expect(formatPixAmount(1)).toBe('0.01');
    expect(formatPixAmount(10)).toBe('0.10');
    expect(formatPixAmount(100)).toBe('1.00');
    expect(formatPixAmount(149_000)).toBe('1490.00');
    expect(formatPixAmount(2_980_045)).toBe('29800.45');
    expect(formatPixAmount(999_999_999_999)).toBe('9999999999.99');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), (cents) => {
        const amount = parsePixCode(buildPixCode({ ...charge, amountCents: cents })).fields.get('54') ?? '';
        const [reais = '', centavos = ''] = amount.split('.');
        return /^\d+\.\d{2}$/.test(amount) && Number(reais) * 100 + Number(centavos) === cents;
      }),
    );
  });

  it('refuses fractional, negative or too large amounts', () => {
    expect(() => buildPixCode({ ...charge, amountCents: 10.5 })).toThrow(RangeError);
    expect(() => buildPixCode({ ...charge, amountCents: -1 })).toThrow(RangeError);
    expect(() => buildPixCode({ ...charge, amountCents: 1_000_000_000_000 })).toThrow(RangeError);
  });

  it('leaves the amount out when it is 0 (the payer types it)', () => {
    const { fields, valid } = parsePixCode(buildPixCode({ ...charge, amountCents: 0 }));
    expect(valid).toBe(true);
    expect(fields.has('54')).toBe(false);
  });

  it('keeps txids to 25 letters and digits, "***" when none is left', () => {
    const txid = (value: string) => parsePixCode(buildPixCode({ ...charge, txid: value })).fields.get('62.05');
    expect(txid('pedido-1042_ação/2026')).toBe('pedido1042acao2026');
    expect(txid('A'.repeat(40))).toBe('A'.repeat(25));
    expect(txid('---')).toBe('***');
  });

  it('fits the description in field 26 (at most 99 characters) and leaves it out when absent', () => {
    const long = parsePixCode(buildPixCode({ ...charge, description: `Pedido ${'x'.repeat(200)}` }));
    expect(long.valid).toBe(true);
    expect(long.fields.get('26')?.length).toBe(99);
    const none = parsePixCode(buildPixCode({ ...charge, description: undefined }));
    expect(none.fields.has('26.02')).toBe(false);
  });

  it('refuses a missing key, name or city', () => {
    expect(() => buildPixCode({ ...charge, key: ' ' })).toThrow('Chave Pix inválida.');
    expect(() => buildPixCode({ ...charge, key: 'chave com espaço' })).toThrow('Chave Pix inválida.');
    expect(() => buildPixCode({ ...charge, merchantName: '—' })).toThrow('Informe o nome do recebedor do Pix.');
    expect(() => buildPixCode({ ...charge, merchantCity: '' })).toThrow('Informe a cidade do recebedor do Pix.');
  });
});
