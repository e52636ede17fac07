/**
 * Payment cards: the number (13–19 digits, Luhn), its brand, the expiry ("MM/AA", valid through the end of that
 * month in Brasília) and the security code. One set of fields for the checkout's form and the demo backend, so
 * both refuse the same card with the same message. The number itself is never stored: only its brand and last four.
 */
import { z } from 'zod';
import { isoDayOf } from './days';

export const CARD_MESSAGES = {
  numberEmpty: 'Informe o número do cartão.',
  number: 'Número de cartão inválido.',
  expiryEmpty: 'Informe a validade.',
  expiry: 'Validade inválida.',
  expired: 'Cartão vencido.',
  cvcEmpty: 'Informe o código de segurança.',
  cvc: 'Código de segurança inválido.',
} as const;

export const CARD_MIN_DIGITS = 13;
export const CARD_MAX_DIGITS = 19;
/** A card further in the future than this is a typo, not a card. */
export const CARD_MAX_YEARS_AHEAD = 20;

/** Digits only (the spaces and dashes people type dropped). */
export function normalizeCardNumber(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn (modulo 10) check of a card number: digits only, at least 2 of them. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// ---- brand ----

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'elo' | 'hipercard' | 'outra';

export const CARD_BRAND_LABELS: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  outra: 'Outra bandeira',
};

type Bin = number | readonly [number, number];

/** Elo's BINs (6 digits): several sit inside Visa's 4 and Mastercard's 5, so Elo is checked first. */
const ELO_BINS: readonly Bin[] = [
  401178, 401179, 431274, 438935, 451416, 457393, 457631, 457632, 504175, [506699, 506778], [509000, 509999], 627780,
  636297, 636368, [650031, 650033], [650035, 650051], [650405, 650439], [650485, 650538], [650541, 650598],
  [650700, 650718], [650720, 650727], [650901, 650978], [651652, 651679], [655000, 655019], [655021, 655058],
];
const HIPERCARD_BINS: readonly Bin[] = [606282, 384100, 384140, 384160];

function inBins(digits: string, bins: readonly Bin[]): boolean {
  if (digits.length < 6) return false;
  const bin = Number(digits.slice(0, 6));
  return bins.some((entry) => (typeof entry === 'number' ? bin === entry : bin >= entry[0] && bin <= entry[1]));
}

/** The brand of a card number (digits, any mask) from its first digits; 'outra' when none of ours matches. */
export function cardBrand(digits: string): CardBrand {
  const d = normalizeCardNumber(digits);
  if (inBins(d, ELO_BINS)) return 'elo';
  if (inBins(d, HIPERCARD_BINS)) return 'hipercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^4/.test(d)) return 'visa';
  if (/^5[1-5]/.test(d)) return 'mastercard';
  const four = Number(d.slice(0, 4));
  if (d.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return 'outra';
}

// ---- number ----

export type CardNumberProblem = 'empty' | 'invalid';

/** Digits with or without spaces or dashes, 13 to 19 of them, passing Luhn. */
export function cardNumberProblem(value: string): CardNumberProblem | null {
  if (value.trim() === '') return 'empty';
  if (/[^\d\s-]/.test(value)) return 'invalid';
  const digits = normalizeCardNumber(value);
  if (digits.length < CARD_MIN_DIGITS || digits.length > CARD_MAX_DIGITS) return 'invalid';
  return luhnValid(digits) ? null : 'invalid';
}

/** A card number as typed ("4111 1111 1111 1111"); the output is its digits. */
export const cardNumberField = z
  .string({ error: CARD_MESSAGES.numberEmpty })
  .superRefine((value, ctx) => {
    const problem = cardNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'empty' ? CARD_MESSAGES.numberEmpty : CARD_MESSAGES.number });
  })
  .transform(normalizeCardNumber);

/** Groups of 4 as the user types: "4111111111111111" → "4111 1111 1111 1111" (at most 19 digits). */
export function maskCardNumber(value: string): string {
  return normalizeCardNumber(value)
    .slice(0, CARD_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The last four digits (what a receipt shows). */
export function lastFour(digits: string): string {
  return normalizeCardNumber(digits).slice(-4);
}

// ---- expiry ----

const EXPIRY = /^(\d{2})\s*\/?\s*(\d{2})$/;

/** "MM/AA" (or "MMAA") → { month, year: 20AA }; null when malformed or the month is not 01–12. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = EXPIRY.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Why an expiry is refused at `now` (a card is good through the last day of its month, in Brasília); null if fine. */
export function cardExpiryProblem(value: string, now: Date | number = Date.now()): string | null {
  if (value.trim() === '') return CARD_MESSAGES.expiryEmpty;
  const expiry = parseCardExpiry(value);
  if (!expiry) return CARD_MESSAGES.expiry;
  const [year, month] = isoDayOf(now).split('-').map(Number) as [number, number];
  const months = (expiry.year - year) * 12 + (expiry.month - month);
  if (months < 0) return CARD_MESSAGES.expired;
  return months > CARD_MAX_YEARS_AHEAD * 12 ? CARD_MESSAGES.expiry : null;
}

/** "MM/AA", this month or later; the output is "MM/AA". */
export const cardExpiryField = z
  .string({ error: CARD_MESSAGES.expiryEmpty })
  .superRefine((value, ctx) => {
    const problem = cardExpiryProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => {
    const expiry = parseCardExpiry(value);
    return expiry ? `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}` : value;
  });

/** "1229" → "12/29" as the user types. */
export function maskCardExpiry(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

// ---- security code ----

/** 3 digits (4 on American Express). */
export const cvcField = z
  .string({ error: CARD_MESSAGES.cvcEmpty })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.cvcEmpty });
    else if (!/^\d{3,4}$/.test(value)) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.cvc });
  });

// ---- the demo's sandbox ----

export type DemoCardOutcome = 'approved' | 'declined' | 'platform-error';

export interface DemoTestCard {
  /** Digits. */
  number: string;
  outcome: DemoCardOutcome;
  /** What happens, in pt-BR (the checkout's hint in the demo). */
  description: string;
}

/** The demo platform's test cards: any future expiry, any CVC; every other valid number is approved too. */
export const DEMO_TEST_CARDS: readonly DemoTestCard[] = [
  { number: '4111111111111111', outcome: 'approved', description: 'Pagamento aprovado.' },
  { number: '4000000000000002', outcome: 'declined', description: 'Pagamento recusado pela operadora do cartão.' },
  { number: '4000000000000119', outcome: 'platform-error', description: 'Erro na plataforma de pagamento.' },
];

/** What the demo platform answers for a card number (any mask). */
export function demoCardOutcome(number: string): DemoCardOutcome {
  const digits = normalizeCardNumber(number);
  return DEMO_TEST_CARDS.find((card) => card.number === digits)?.outcome ?? 'approved';
}
