/**
 * CNPJ: the 14-character Brazilian company tax id. Since July 2026 the first 12 characters may be letters or
 * digits (the alphanumeric CNPJ); the last two are always numeric check digits. Each character counts as its
 * ASCII code minus 48 ('0'..'9' → 0..9, 'A' → 17 … 'Z' → 42), with the classic modulo-11 weights.
 */

const BASE_LENGTH = 12;
const CNPJ_LENGTH = 14;
const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Uppercases and keeps letters and digits only (punctuation and spaces dropped). */
export function normalizeCnpj(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) {
    sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The two check digits of a 12-character base (letters and digits). */
export function cnpjCheckDigits(base: string): string {
  const normalized = normalizeCnpj(base);
  if (!/^[0-9A-Z]{12}$/.test(normalized)) throw new Error('A base do CNPJ tem 12 letras ou números.');
  const first = checkDigit(normalized, WEIGHTS_1);
  const second = checkDigit(`${normalized}${first}`, WEIGHTS_2);
  return `${first}${second}`;
}

export type CnpjProblem = 'empty' | 'length' | 'characters' | 'repeated' | 'check-digits';

export function cnpjProblem(value: string): CnpjProblem | null {
  const raw = value.trim();
  if (raw === '') return 'empty';
  if (/[^0-9A-Za-z./\-\s]/.test(raw)) return 'characters';
  const cnpj = normalizeCnpj(raw);
  if (cnpj.length !== CNPJ_LENGTH) return 'length';
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return 'characters';
  if (/^(.)\1{13}$/.test(cnpj)) return 'repeated';
  return cnpjCheckDigits(cnpj.slice(0, BASE_LENGTH)) === cnpj.slice(BASE_LENGTH) ? null : 'check-digits';
}

export function isValidCnpj(value: string): boolean {
  return cnpjProblem(value) === null;
}

/** The contract's message for every malformed CNPJ is the same short sentence; the field's hint explains the format. */
export const CNPJ_MESSAGES: Record<CnpjProblem, string> = {
  empty: 'Informe o CNPJ.',
  length: 'CNPJ inválido.',
  characters: 'CNPJ inválido.',
  repeated: 'CNPJ inválido.',
  'check-digits': 'CNPJ inválido.',
};

/** What a CNPJ field says under itself before anything is typed wrong. */
export const CNPJ_HINT = '14 caracteres: números, ou letras e números no CNPJ alfanumérico; os 2 últimos são dígitos verificadores.';

/** Masks as the user types: 12.ABC.345/01DE-35 (up to 14 characters, uppercase). */
export function maskCnpj(value: string): string {
  const c = normalizeCnpj(value).slice(0, CNPJ_LENGTH);
  const parts = [c.slice(0, 2), c.slice(2, 5), c.slice(5, 8), c.slice(8, 12), c.slice(12, 14)];
  let out = parts[0] ?? '';
  if (c.length > 2) out += `.${parts[1]}`;
  if (c.length > 5) out += `.${parts[2]}`;
  if (c.length > 8) out += `/${parts[3]}`;
  if (c.length > 12) out += `-${parts[4]}`;
  return out;
}

/** Formats a complete CNPJ for display; anything else is returned as given. */
export function formatCnpj(value: string | null | undefined): string {
  if (!value) return '';
  const c = normalizeCnpj(value);
  return c.length === CNPJ_LENGTH ? maskCnpj(c) : value;
}
