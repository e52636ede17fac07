/**
 * Removes secrets and personal data from anything sent to error reporting: bearer tokens and JWTs, e-mails,
 * CNPJs (numeric and alphanumeric, with or without punctuation), card numbers, and values under sensitive keys.
 */
const FILTERED = '[Filtered]';
const CARD_FILTERED = '[cartão]';
const SENSITIVE_KEY =
  /^(authorization|cookie|set-cookie|password|senha|token|id_?token|access_?token|refresh_?token|auth_data|secret.*|api_?key|cnpj|email|e-mail|card_?number|cvc|cvv|security_?code)$/i;

const JWT = /\beyJ[\w-]+\.[\w-]*\.[\w-]*/g;
const BEARER = /\bBearer\s+[\w.~+/=-]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const CNPJ_FORMATTED = /\b[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}\b/gi;
const CNPJ_BARE = /\b(?=[0-9A-Z]{12}\d{2}\b)(?=[A-Z]*\d)[0-9A-Z]{14}\b/g;
/**
 * A card number: 13–19 digits, single spaces or dashes allowed between them, not part of a longer number or word,
 * starting with 2–6 (the card networks' first digits: a 13-digit millisecond timestamp starts with 1). Kept only if
 * it passes Luhn, so most other long numbers (ids, barcodes) stay readable.
 */
const CARD_CANDIDATE = /(?<![\w-])[2-6](?:[ -]?\d){12,18}(?![\w-])/g;

/** Luhn, as `contracts/validators/card` has it: repeated here so the Sentry chunk does not bring zod with it. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]) * (i % 2 === 1 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

function redactCard(match: string): string {
  const digits = match.replace(/\D/g, '');
  return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) ? CARD_FILTERED : match;
}

export function scrubText(text: string): string {
  return text
    .replace(JWT, FILTERED)
    .replace(BEARER, `Bearer ${FILTERED}`)
    .replace(EMAIL, FILTERED)
    .replace(CNPJ_FORMATTED, FILTERED)
    .replace(CNPJ_BARE, FILTERED)
    .replace(CARD_CANDIDATE, redactCard);
}

export function scrub<T>(value: T, depth = 0): T {
  if (depth > 12) return value;
  if (typeof value === 'string') return scrubText(value) as T;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SENSITIVE_KEY.test(key) && item !== undefined && item !== null ? FILTERED : scrub(item, depth + 1);
    }
    return out as T;
  }
  return value;
}
