/**
 * Bank boleto (FEBRABAN "boleto de cobrança"): the 44-digit barcode and the 47-digit "linha digitável" people type.
 *
 * Barcode (44):  AAA B K FFFF VVVVVVVVVV LLLLLLLLLLLLLLLLLLLLLLLLL
 *   AAA bank code · B currency ("9", real) · K general check digit (modulo 11 over the other 43) · FFFF due-date
 *   factor · V amount in centavos (10 digits) · L "campo livre", the bank's own 25 digits.
 *
 * Linha digitável (47), shown as "AAABL.LLLLX LLLLL.LLLLLY LLLLL.LLLLLZ K FFFFVVVVVVVVVV":
 *   field 1: bank, currency, campo livre 1–5 + its modulo-10 digit X · field 2: campo livre 6–15 + Y ·
 *   field 3: campo livre 16–25 + Z · field 4: the barcode's K · field 5: factor and amount.
 *
 * Due-date factor: days since 1997-10-07, so 1000 was 2000-07-03 and 9999 was 2025-02-21; on 2025-02-22 it
 * restarted at 1000 (FEBRABAN's rule: after 9999 comes 1000 again, every 9000 days), and a factor is read as the
 * date nearest to when the boleto is read.
 */
import { DAY_MS, isoDayOf } from '@/contracts/validators/days';

export interface BoletoCharge {
  /** 3 digits (e.g. "001" Banco do Brasil, "403" Cora). */
  bankCode: string;
  dueDate: Date;
  /** Integer centavos, up to R$ 99.999.999,99. */
  amountCents: number;
  /** The bank's "campo livre": 25 digits. */
  freeField: string;
}

export interface Boleto {
  /** 44 digits. */
  barcode: string;
  /** 47 digits, no mask (see {@link formatBoletoLine}). */
  line: string;
  dueDate: Date;
}

export const BOLETO_CURRENCY_REAL = '9';
export const BOLETO_MAX_AMOUNT_CENTS = 9_999_999_999;

/** Factor 0 (the base date), as a UTC calendar day. */
const FACTOR_BASE_DAY = Date.UTC(1997, 9, 7);
const FACTOR_MIN = 1000;
const FACTOR_MAX = 9999;
const FACTOR_CYCLE = FACTOR_MAX - FACTOR_MIN + 1;

// ---- check digits ----

/** FEBRABAN modulo 10: weights 2, 1, 2, 1… from the right, digits of each product summed; (10 − sum mod 10) mod 10. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's modulo 11: weights 2 to 9 from the right, cycling; 11 − sum mod 11, and 0, 10 or 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    sum += Number(digits[digits.length - 1 - i]) * (2 + (i % 8));
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

// ---- due-date factor ----

/** Days from 1997-10-07 to the due date's calendar day in Brasília. */
function daysSinceBase(date: Date): number {
  const [y, m, d] = isoDayOf(date).split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - FACTOR_BASE_DAY) / DAY_MS);
}

/** The due-date factor of a day (its Brasília calendar day): 1000–9999, restarting at 1000 every 9000 days. */
export function dueDateFactor(date: Date): string {
  const days = daysSinceBase(date);
  if (!Number.isFinite(days) || days < FACTOR_MIN) throw new RangeError('Vencimento anterior a 03/07/2000.');
  return String(((days - FACTOR_MIN) % FACTOR_CYCLE) + FACTOR_MIN);
}

/**
 * The due day a factor stands for, as `yyyy-mm-dd`: of the days sharing that factor (one every 9000 days), the one
 * nearest to `reference` (when the boleto is read).
 */
export function dueDayFromFactor(factor: number, reference: Date = new Date()): string {
  if (!Number.isInteger(factor) || factor < FACTOR_MIN || factor > FACTOR_MAX) throw new RangeError(`Fator de vencimento inválido: ${factor}.`);
  const referenceDays = daysSinceBase(reference);
  const cycle = Math.round((referenceDays - factor) / FACTOR_CYCLE);
  const days = factor + Math.max(0, cycle) * FACTOR_CYCLE;
  return new Date(FACTOR_BASE_DAY + days * DAY_MS).toISOString().slice(0, 10);
}

// ---- build ----

/** The barcode and linha digitável of a boleto. Throws on a malformed bank code, amount or campo livre. */
export function buildBoleto(charge: BoletoCharge): Boleto {
  if (!/^\d{3}$/.test(charge.bankCode)) throw new RangeError('O código do banco tem 3 dígitos.');
  if (!/^\d{25}$/.test(charge.freeField)) throw new RangeError('O campo livre do boleto tem 25 dígitos.');
  if (!Number.isSafeInteger(charge.amountCents) || charge.amountCents < 0 || charge.amountCents > BOLETO_MAX_AMOUNT_CENTS) {
    throw new RangeError(`Valor inválido para boleto: ${charge.amountCents} centavos.`);
  }
  const factor = dueDateFactor(charge.dueDate);
  const amount = String(charge.amountCents).padStart(10, '0');
  const head = `${charge.bankCode}${BOLETO_CURRENCY_REAL}`;
  const tail = `${factor}${amount}${charge.freeField}`;
  const barcode = `${head}${mod11(head + tail)}${tail}`;
  return { barcode, line: boletoLineFromBarcode(barcode), dueDate: new Date(charge.dueDate.getTime()) };
}

/** Barcode (44 digits) → linha digitável (47 digits). */
export function boletoLineFromBarcode(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('O código de barras do boleto tem 44 dígitos.');
  const free = barcode.slice(19);
  const field1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return [
    `${field1}${mod10(field1)}`,
    `${field2}${mod10(field2)}`,
    `${field3}${mod10(field3)}`,
    barcode.slice(4, 5),
    barcode.slice(5, 19),
  ].join('');
}

/** Linha digitável (47 digits, any mask) → barcode (44 digits), without checking it. */
export function barcodeFromBoletoLine(line: string): string {
  const d = line.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(d)) throw new RangeError('A linha digitável do boleto tem 47 dígitos.');
  return `${d.slice(0, 4)}${d.slice(32, 33)}${d.slice(33, 47)}${d.slice(4, 9)}${d.slice(10, 20)}${d.slice(21, 31)}`;
}

// ---- display and validation ----

/** "00190000090123456700400000000174613810000123456" → "00190.00009 01234.567004 00000.000174 6 13810000123456". */
export function formatBoletoLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}

/**
 * Whether a linha digitável (bare or with the usual dots and spaces) is a real-currency boleto whose every check
 * digit holds: the modulo-10 digits of fields 1–3 and the barcode's modulo-11 digit.
 */
export function isValidBoletoLine(line: string): boolean {
  const d = line.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(d)) return false;
  if (d[3] !== BOLETO_CURRENCY_REAL) return false;
  const fields: [string, number][] = [
    [d.slice(0, 9), 9],
    [d.slice(10, 20), 20],
    [d.slice(21, 31), 31],
  ];
  if (fields.some(([digits, at]) => mod10(digits) !== Number(d[at]))) return false;
  const barcode = barcodeFromBoletoLine(d);
  return mod11(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}
