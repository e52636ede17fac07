/**
 * Removes secrets and personal data from anything sent to error reporting: bearer tokens and JWTs, e-mails,
 * CNPJs (numeric and alphanumeric, with or without punctuation), and values under sensitive keys.
 */
const FILTERED = '[Filtered]';
const SENSITIVE_KEY = /^(authorization|cookie|set-cookie|password|senha|token|id_?token|access_?token|refresh_?token|auth_data|secret.*|api_?key|cnpj|email|e-mail)$/i;

const JWT = /\beyJ[\w-]+\.[\w-]*\.[\w-]*/g;
const BEARER = /\bBearer\s+[\w.~+/=-]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const CNPJ_FORMATTED = /\b[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}\b/gi;
const CNPJ_BARE = /\b(?=[0-9A-Z]{12}\d{2}\b)(?=[A-Z]*\d)[0-9A-Z]{14}\b/g;

export function scrubText(text: string): string {
  return text
    .replace(JWT, FILTERED)
    .replace(BEARER, `Bearer ${FILTERED}`)
    .replace(EMAIL, FILTERED)
    .replace(CNPJ_FORMATTED, FILTERED)
    .replace(CNPJ_BARE, FILTERED);
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
