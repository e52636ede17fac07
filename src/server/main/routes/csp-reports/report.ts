/**
 * A browser's CSP violation report, read and stripped of personal data: the Reporting API's
 * `application/reports+json` (an array; `type: "csp-violation"`, camelCase `body`) and the older `report-uri`'s
 * `application/csp-report` (`{ "csp-report": { "document-uri", … } }`). URLs keep their origin and path only (no query
 * string, no fragment, no credentials — so no query value either), with secret path segments (the invitation and
 * factory-approval pages' tokens, setup codes, the newsletter's links, any long token-like segment) replaced by their
 * names; `sample`/`script-sample`, the policy, the user agent and the
 * client's address are never kept.
 */
import type { cspReport } from '../../db/csp-schema';

export type CspReportRow = Omit<typeof cspReport.$inferInsert, 'id' | 'receivedAt'>;

/** At most this many reports are read from one request (a page sends a few at a time). */
export const MAX_REPORTS_PER_REQUEST = 20;

const MAX_URL = 512;
const MAX_DIRECTIVE = 64;

/** Segments after a secret route's prefix that are the API's own words, not a credential (the token is in the body). */
const ROUTE_WORDS = '(?!(?:open|accept|decision)(?:[/?#]|$))';

/**
 * Paths whose next segment is a credential (the SPA's secret routes and their API paths; src/config/secret-routes.ts):
 * the invitation and factory-approval pages' tokens of any length, setup codes, the newsletter's links.
 */
const SECRET_SEGMENTS: ReadonlyArray<[RegExp, string]> = [
  [/(\/invite\/)[^/]+/gi, '$1:token'],
  [new RegExp(`(\\/invitation\\/)${ROUTE_WORDS}[^/]+`, 'gi'), '$1:token'],
  [/(\/aprovacao-acesso\/)[^/]+/gi, '$1:token'],
  [new RegExp(`(\\/factory-approval\\/)${ROUTE_WORDS}[^/]+`, 'gi'), '$1:token'],
  [/(\/device\/setup\/)[^/]+/gi, '$1:code'],
  [/(\/setup\/)[^/]+/gi, '$1:code'],
  [/(\/newsletter\/(?:confirmar|cancelar)\/)[^/]+/gi, '$1:token'],
];

/**
 * A segment that looks like a secret: 16+ URL-safe characters with a digit, or in mixed case with several capitals
 * (base64url, hex, random ids), or 32+ without a hyphen-separated word in it; words joined by hyphens are a page.
 */
export function isTokenLike(segment: string): boolean {
  if (!/^[A-Za-z0-9_.~%-]{16,}$/.test(segment)) return false;
  // A built asset (`index-DiwrgTda.js`): its hash is no secret, and the file name is what the report is about.
  if (/\.(?:m?js|css|map|json|html?|png|svg|ico|jpe?g|webp|gif|woff2?|ttf|wasm)$/i.test(segment)) return false;
  if (/\d/.test(segment)) return true;
  if (/[a-z]/.test(segment) && (segment.match(/[A-Z]/g)?.length ?? 0) >= 3) return true;
  return segment.length >= 32 && !/[a-z]-[a-z]/i.test(segment);
}

/** A path with its secrets named: the known secret routes, then any long token-like or e-mail-like segment. */
export function scrubPath(path: string): string {
  const named = SECRET_SEGMENTS.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), path);
  return named
    .split('/')
    .map((segment) => {
      if (/@|%40/i.test(segment)) return ':email';
      if (isTokenLike(segment)) return ':token';
      return segment;
    })
    .join('/');
}

/** CSP keywords a report may name instead of a URL. */
const KEYWORD = /^(?:inline|eval|wasm-eval|self|trusted-types-policy|trusted-types-sink|data|blob|about|filesystem)$/i;

/** A URL as kept: origin + scrubbed path; a `data:`/`blob:` URL as its scheme only; a keyword as is. */
export function stripUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().slice(0, 4096);
  if (text === '') return null;
  if (KEYWORD.test(text)) return text.toLowerCase();
  let parsed: URL | null = null;
  try {
    parsed = new URL(text);
  } catch {
    parsed = null;
  }
  if (parsed) {
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:' || parsed.protocol === 'ws:' || parsed.protocol === 'wss:') {
      return `${parsed.origin}${scrubPath(parsed.pathname)}`.slice(0, MAX_URL);
    }
    return parsed.protocol.replace(/:$/, '').slice(0, MAX_DIRECTIVE);
  }
  // A relative or odd value: cut at the query string or fragment, then the same scrubbing.
  return scrubPath(text.split(/[?#]/, 1)[0] ?? '').slice(0, MAX_URL) || null;
}

function directive(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // `violated-directive` of old browsers carries the directive's sources too: its name only.
  const name = value.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? '';
  return /^[a-z-]{3,64}$/.test(name) ? name : null;
}

function count(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number < 2 ** 31 ? number : null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One report's fields (whatever their spelling) → a row, or null when it names no page or no directive. */
function rowOf(pick: (camel: string, dashed: string) => unknown): CspReportRow | null {
  const documentUri = stripUrl(pick('documentURL', 'document-uri'));
  const effective = directive(pick('effectiveDirective', 'effective-directive')) ?? directive(pick('violatedDirective', 'violated-directive'));
  if (!documentUri || !effective) return null;
  return {
    documentUri,
    referrer: stripUrl(pick('referrer', 'referrer')),
    blockedUri: stripUrl(pick('blockedURL', 'blocked-uri')),
    effectiveDirective: effective,
    violatedDirective: directive(pick('violatedDirective', 'violated-directive')),
    disposition: pick('disposition', 'disposition') === 'report' ? 'report' : 'enforce',
    sourceFile: stripUrl(pick('sourceFile', 'source-file')),
    lineNumber: count(pick('lineNumber', 'line-number')),
    columnNumber: count(pick('columnNumber', 'column-number')),
    statusCode: count(pick('statusCode', 'status-code')),
  };
}

export type ParsedReports = { ok: true; rows: CspReportRow[] } | { ok: false };

/** The body's reports by its content type; `ok: false` for a body that is not one (→ 400). */
export function parseReports(contentType: string | undefined, text: string): ParsedReports {
  const type = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (type === 'application/reports+json') {
    // Reports of other types (none is sent here today) are read and dropped; a report not shaped as one is refused.
    if (!Array.isArray(body) || !body.every((report) => isObject(report) && typeof report.type === 'string')) return { ok: false };
    const rows = (body as Array<Record<string, unknown>>)
      .slice(0, MAX_REPORTS_PER_REQUEST)
      .filter((report) => report.type === 'csp-violation')
      .map((report) => {
        const fields = isObject(report.body) ? report.body : {};
        return rowOf((camel) => fields[camel]);
      });
    if (rows.some((row) => row === null)) return { ok: false };
    return { ok: true, rows: rows.filter((row): row is CspReportRow => row !== null) };
  }
  if (type === 'application/csp-report' || type === 'application/json') {
    const fields = isObject(body) ? body['csp-report'] : undefined;
    if (!isObject(fields)) return { ok: false };
    const row = rowOf((_camel, dashed) => fields[dashed]);
    return row ? { ok: true, rows: [row] } : { ok: false };
  }
  return { ok: false };
}
