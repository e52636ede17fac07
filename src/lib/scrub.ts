import { SECRET_PATH_PATTERNS } from '@/config/secret-routes';

/**
 * Removes secrets and personal data from anything sent to error reporting: credentials in paths (an invitation's
 * token, a setup code: src/config/secret-routes.ts), bearer tokens and JWTs, e-mails, CNPJs (numeric and
 * alphanumeric, with or without punctuation), card numbers, WireGuard keys; people's names, phones, CPFs and
 * addresses (CEPs, streets); and values under sensitive or personal keys, in objects and in JSON or query strings
 * inside text. A name in free text ("Maria não encontrada") cannot be told from other words and stays: messages that
 * may be reported name records by id.
 */
const FILTERED = '[Filtered]';
const CARD_FILTERED = '[cartão]';
const ADDRESS_FILTERED = '[endereço]';
const PHONE_FILTERED = '[telefone]';
const SENSITIVE_KEY =
  /^(authorization|cookie|set-cookie|password|senha|token|id_?token|access_?token|refresh_?token|auth_data|secret.*|api_?key|cnpj|email|e-mail|card_?number|cvc|cvv|security_?code|private_?key|pre_?shared_?key|setup_?code)$/i;
/** Keys whose value is a person's: names, phones, addresses, CPF. */
const PERSONAL_KEY =
  /^(nome|full_?name|display_?name|first_?name|last_?name|given_?name|family_?name|surname|sobrenome|user_?name|contact_?name|(card_?)?holder(_?name)?|titular|phone(_?number)?|telefone|celular|whats_?app|mobile|address(_?line_?[12])?|endere(c|ç)o|street|logradouro|complement|complemento|neighbou?rhood|bairro|cep|zip(_?code)?|postal_?code|cpf)$/i;
/** `name`: a person's in the app's data, filtered too, except in Sentry's own metadata (the SDK's, the browser's). */
const NAME_KEY = /^name$/i;

/**
 * Keys whose value is filtered inside text too: `"name":"Maria"` (JSON), `phone=11…` (a query or form), a list's
 * search (`q=`, which may be a person's name).
 */
const TEXT_KEYS =
  'name|nome|full_?name|display_?name|first_?name|last_?name|user_?name|contact_?name|holder(?:_?name)?|phone|telefone|celular|whats_?app|address|endere(?:c|ç)o|street|logradouro|complemento?|neighbou?rhood|bairro|cep|zip(?:_?code)?|postal_?code|cpf|cnpj|password|senha|token|id_?token|access_?token|refresh_?token|api_?key|secret|private_?key|setup_?code|cvc|cvv|card_?number|q|search|busca';
const JSON_KEY_VALUE = new RegExp(`(["'])(${TEXT_KEYS})\\1(\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|[^\\s,}\\]]+)`, 'gi');
const QUERY_KEY_VALUE = new RegExp(`(^|[?&;\\s])(${TEXT_KEYS})=([^&#\\s"']*)`, 'gi');

const JWT = /\beyJ[\w-]+\.[\w-]*\.[\w-]*/g;
const BEARER = /\bBearer\s+[\w.~+/=-]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const CNPJ_FORMATTED = /\b[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}\b/gi;
const CNPJ_BARE = /\b(?=[0-9A-Z]{12}\d{2}\b)(?=[A-Z]*\d)[0-9A-Z]{14}\b/g;
const CPF = /(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-])/g;
/** An invitation's token (the server's `newToken`: 18 random bytes in hex), anywhere in a text. */
const INVITATION_TOKEN = /\b[0-9a-f]{36}\b/gi;
/** A gateway's setup code (contracts/device: PNT-7K2M-4Q9X-3FJD), anywhere in a text. */
const SETUP_CODE = /\bPNT(?:-[0-9A-Z]{4}){2,3}\b/gi;
/** A WireGuard configuration's keys (the remote-access profile is made in the browser). */
const WIREGUARD_KEY = /\b(PrivateKey|PresharedKey)(\s*=\s*)[A-Za-z0-9+/]{42,43}=*/g;
/**
 * Brazilian phones: a DDD in parentheses or followed by a space or dash (`(11) 98765-4321`, `11 3456-7890`), with
 * `+55` (`+5511987654321`), or a bare mobile (`11987654321`: DDD and a 9). A bare 10-digit number (a timestamp in
 * seconds) is left alone.
 */
const PHONE = /(?<![\w+-])(?:\+55[\s-]?\(?\d{2}\)?[\s-]?|\(\d{2}\)\s?|\d{2}[\s-])9?\d{4}[\s-]?\d{4}(?![\w-])|(?<![\w-])[1-9]{2}9\d{8}(?![\w-])/g;
const CEP = /(?<![\w-])\d{5}-\d{3}(?![\w-])/g;
/** A street and its number: `Rua das Flores, 123`, `Av. Paulista 1000` (up to the next comma, semicolon or line). */
const STREET =
  /(?<![\p{L}\p{N}])(?:rua|avenida|av\.|alameda|travessa|estrada|rodovia|pra(?:ç|c)a|largo)\s+[^,;\r\n"]{2,80}(?:,\s*(?:n(?:º|°|o)?\.?\s*)?\d+[A-Za-z]?(?![\w]))?/giu;

/** Secret path segments, encoded (`%2Finvite%2F…` in a redirect) or not, from src/config/secret-routes.ts. */
const SEPARATOR = '(/|%2F)';
const SEGMENT_VALUE = "((?:[^/?#&\\s\"'<>%;,)\\]]|%(?!2F)[0-9A-F]{2})+)";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/invite/:token` → a rule that turns `/invite/abc` (anywhere in a text) into `/invite/:token`. */
function secretPathRule(pattern: string): (text: string) => string {
  const segments = pattern.split('/').filter(Boolean);
  const last = segments.map((segment) => segment.startsWith(':')).lastIndexOf(true);
  const parts = segments.slice(0, last + 1);
  const regex = new RegExp(
    parts.map((segment) => SEPARATOR + (segment.startsWith(':') ? SEGMENT_VALUE : `(${escapeRegExp(segment)})`)).join(''),
    'gi',
  );
  return (text) =>
    text.replace(regex, (...match: unknown[]) =>
      parts.map((segment, index) => `${String(match[1 + 2 * index])}${segment.startsWith(':') ? segment : String(match[2 + 2 * index])}`).join(''),
    );
}

const SECRET_PATH_RULES = SECRET_PATH_PATTERNS.map(secretPathRule);

/** The text with every secret path segment replaced by its parameter's name (`/setup/:code`). */
export function scrubSecretPaths(text: string): string {
  return SECRET_PATH_RULES.reduce((current, rule) => rule(current), text);
}

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
  return scrubSecretPaths(text)
    .replace(JWT, FILTERED)
    .replace(BEARER, `Bearer ${FILTERED}`)
    .replace(EMAIL, FILTERED)
    .replace(JSON_KEY_VALUE, (_match, quote: string, key: string, colon: string, value: string) =>
      `${quote}${key}${quote}${colon}${value.startsWith('"') || value.startsWith("'") ? `"${FILTERED}"` : FILTERED}`,
    )
    .replace(QUERY_KEY_VALUE, (_match, before: string, key: string) => `${before}${key}=${FILTERED}`)
    .replace(CNPJ_FORMATTED, FILTERED)
    .replace(CNPJ_BARE, FILTERED)
    .replace(CPF, FILTERED)
    .replace(INVITATION_TOKEN, FILTERED)
    .replace(SETUP_CODE, FILTERED)
    .replace(WIREGUARD_KEY, `$1$2${FILTERED}`)
    .replace(CARD_CANDIDATE, redactCard)
    .replace(PHONE, PHONE_FILTERED)
    .replace(CEP, FILTERED)
    .replace(STREET, ADDRESS_FILTERED);
}

/** A value under a sensitive or personal key is replaced whole; a yes/no flag (`mobile: false`) says nothing. */
function isFiltered(key: string, value: unknown, keepNames: boolean): boolean {
  if (value === undefined || value === null || typeof value === 'boolean') return false;
  return SENSITIVE_KEY.test(key) || PERSONAL_KEY.test(key) || (!keepNames && NAME_KEY.test(key));
}

function scrubValue<T>(value: T, depth: number, keepNames: boolean): T {
  if (depth > 12) return value;
  if (typeof value === 'string') return scrubText(value) as T;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, keepNames)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[key] = isFiltered(key, item, keepNames) ? FILTERED : scrubValue(item, depth + 1, keepNames);
    }
    return out as T;
  }
  return value;
}

/** Scrubs any value: strings, and objects and arrays to any depth (values under sensitive keys filtered whole). */
export function scrub<T>(value: T, depth = 0): T {
  return scrubValue(value, depth, false);
}

/** Contexts Sentry fills about the SDK and the browser, whose `name` ("Chrome", "Windows") is no person's. */
const SDK_CONTEXTS = new Set(['app', 'browser', 'culture', 'device', 'os', 'runtime', 'cloud_resource', 'trace', 'otel', 'react', 'response']);

/**
 * Scrubs a Sentry event (an error or a transaction) as {@link scrub} does, except the `name` of the SDK's own
 * metadata (`sdk.name`, `contexts.browser.name`…), which Sentry needs and which is nobody's name.
 */
export function scrubEvent<T extends object>(event: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event as Record<string, unknown>)) {
    if (key === 'sdk') out[key] = scrubValue(value, 1, true);
    else if (key === 'contexts' && value && typeof value === 'object') {
      const contexts: Record<string, unknown> = {};
      for (const [name, context] of Object.entries(value as Record<string, unknown>)) {
        contexts[name] = scrubValue(context, 2, SDK_CONTEXTS.has(name));
      }
      out[key] = contexts;
    } else out[key] = isFiltered(key, value, true) ? FILTERED : scrubValue(value, 1, false);
  }
  return out as T;
}
