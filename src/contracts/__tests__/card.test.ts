import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  CARD_BRAND_LABELS,
  cardBrand,
  cardExpiryField,
  cardExpiryProblem,
  cardNumberField,
  cvcField,
  DEMO_TEST_CARDS,
  demoCardOutcome,
  lastFour,
  luhnValid,
  maskCardExpiry,
  maskCardNumber,
} from '../validators/card';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

/** A digit string completed with its Luhn check digit. */
function withLuhnDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (luhnValid(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error('unreachable');
}

const bodies = fc
  .array(fc.constantFrom(...'0123456789'), { minLength: 12, maxLength: 18 })
  .map((chars) => chars.join(''));

describe('luhnValid', () => {
  it('accepts the networks’ published test numbers', () => {
    for (const number of ['4111111111111111', '5555555555554444', '378282246310005', '6062825624254001', '4000000000000002', '4000000000000119']) {
      expect(luhnValid(number)).toBe(true);
    }
  });

  it('refuses a wrong check digit, non-digits and too short input', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('0')).toBe(false);
  });

  it('catches every single wrong digit (property)', () => {
    fc.assert(
      fc.property(bodies, fc.nat(), fc.integer({ min: 1, max: 9 }), (body, rawAt, shift) => {
        const number = withLuhnDigit(body);
        const at = rawAt % number.length;
        const wrong = `${number.slice(0, at)}${(Number(number[at]) + shift) % 10}${number.slice(at + 1)}`;
        return luhnValid(number) && !luhnValid(wrong);
      }),
    );
  });
});

describe('cardBrand', () => {
  it('names the brands, Elo and Hipercard before the Visa and Mastercard ranges they sit in', () => {
    expect(cardBrand('4111 1111 1111 1111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('2720990000000000')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('341111111111111')).toBe('amex');
    expect(cardBrand('6362970000457013')).toBe('elo');
    expect(cardBrand('4389350000000000')).toBe('elo');
    expect(cardBrand('5067000000000000')).toBe('elo');
    expect(cardBrand('6062825624254001')).toBe('hipercard');
    expect(cardBrand('6011111111111117')).toBe('outra');
    expect(cardBrand('2720010000000000')).toBe('mastercard');
    expect(cardBrand('2721000000000000')).toBe('outra');
    expect(cardBrand('')).toBe('outra');
  });

  it('has a pt-BR label for every brand', () => {
    expect(CARD_BRAND_LABELS).toEqual({
      visa: 'Visa',
      mastercard: 'Mastercard',
      amex: 'American Express',
      elo: 'Elo',
      hipercard: 'Hipercard',
      outra: 'Outra bandeira',
    });
  });
});

describe('cardNumberField', () => {
  it('accepts digits with or without spaces or dashes and outputs the digits', () => {
    expect(cardNumberField.parse('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(cardNumberField.parse('4111-1111-1111-1111')).toBe('4111111111111111');
    expect(cardNumberField.parse(' 378282246310005 ')).toBe('378282246310005');
  });

  it('refuses short, long, non-Luhn or lettered numbers with one message', () => {
    for (const value of ['4111 1111 1111 1112', '411111111111', '4'.repeat(20), '4111 1111 1111 111a', '4111.1111.1111.1111']) {
      expect(messageOf(cardNumberField, value)).toBe('Número de cartão inválido.');
    }
  });

  it('asks for a missing number', () => {
    expect(messageOf(cardNumberField, '')).toBe('Informe o número do cartão.');
    expect(messageOf(cardNumberField, undefined)).toBe('Informe o número do cartão.');
  });

  it('accepts every Luhn-valid number of 13 to 19 digits (property)', () => {
    fc.assert(fc.property(bodies, (body) => cardNumberField.parse(maskCardNumber(withLuhnDigit(body))) === withLuhnDigit(body)));
  });
});

describe('cardExpiryField', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts this month and later, "MM/AA" out', () => {
    vi.useFakeTimers({ now: new Date('2026-05-15T12:00:00-03:00'), toFake: ['Date'] });
    expect(cardExpiryField.parse('05/26')).toBe('05/26');
    expect(cardExpiryField.parse('1230')).toBe('12/30');
    expect(cardExpiryField.parse(' 01 / 27 ')).toBe('01/27');
  });

  it('refuses a past month as expired', () => {
    vi.useFakeTimers({ now: new Date('2026-05-15T12:00:00-03:00'), toFake: ['Date'] });
    expect(messageOf(cardExpiryField, '04/26')).toBe('Cartão vencido.');
    expect(messageOf(cardExpiryField, '12/25')).toBe('Cartão vencido.');
  });

  it('refuses malformed dates, months out of 1–12 and far-off years', () => {
    vi.useFakeTimers({ now: new Date('2026-05-15T12:00:00-03:00'), toFake: ['Date'] });
    for (const value of ['13/27', '00/27', '5/27', '05/2027', 'ab/cd', '05-27']) {
      expect(messageOf(cardExpiryField, value)).toBe('Validade inválida.');
    }
    expect(messageOf(cardExpiryField, '05/47')).toBe('Validade inválida.');
    expect(messageOf(cardExpiryField, '')).toBe('Informe a validade.');
  });

  it('counts the month in Brasília: on 2026-06-01 at 01:00 UTC a 05/26 card still works', () => {
    expect(cardExpiryProblem('05/26', new Date('2026-06-01T01:00:00Z'))).toBeNull();
    expect(cardExpiryProblem('05/26', new Date('2026-06-01T03:00:00Z'))).toBe('Cartão vencido.');
  });
});

describe('cvcField', () => {
  it('accepts 3 or 4 digits', () => {
    expect(cvcField.parse('123')).toBe('123');
    expect(cvcField.parse(' 1234 ')).toBe('1234');
  });

  it('refuses anything else', () => {
    for (const value of ['12', '12345', '12a', '1 23']) {
      expect(messageOf(cvcField, value)).toBe('Código de segurança inválido.');
    }
    expect(messageOf(cvcField, '')).toBe('Informe o código de segurança.');
  });
});

describe('masks and display', () => {
  it('groups card digits by 4 as typed, up to 19 digits', () => {
    expect(maskCardNumber('')).toBe('');
    expect(maskCardNumber('4111')).toBe('4111');
    expect(maskCardNumber('41111')).toBe('4111 1');
    expect(maskCardNumber('4111-1111 11111111')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('masks the expiry as typed', () => {
    expect(maskCardExpiry('1')).toBe('1');
    expect(maskCardExpiry('12')).toBe('12');
    expect(maskCardExpiry('123')).toBe('12/3');
    expect(maskCardExpiry('12/345')).toBe('12/34');
  });

  it('keeps the last four digits', () => {
    expect(lastFour('4111 1111 1111 1234')).toBe('1234');
  });
});

describe('DEMO_TEST_CARDS', () => {
  it('are valid Visa numbers with the sandbox’s answers', () => {
    expect(DEMO_TEST_CARDS.map((card) => [card.number, card.outcome])).toEqual([
      ['4111111111111111', 'approved'],
      ['4000000000000002', 'declined'],
      ['4000000000000119', 'platform-error'],
    ]);
    for (const card of DEMO_TEST_CARDS) {
      expect(cardNumberField.parse(card.number)).toBe(card.number);
      expect(cardBrand(card.number)).toBe('visa');
    }
    expect(DEMO_TEST_CARDS[1]?.description).toBe('Pagamento recusado pela operadora do cartão.');
  });

  it('answer by number, any mask; any other card is approved', () => {
    expect(demoCardOutcome('4000 0000 0000 0002')).toBe('declined');
    expect(demoCardOutcome('4000-0000-0000-0119')).toBe('platform-error');
    expect(demoCardOutcome('5555 5555 5555 4444')).toBe('approved');
  });
});
