/**
 * What never enters the audit log: secrets, tokens, keys and passwords. A changed field whose name says it is one is
 * dropped (whatever its value), at any depth; so is a string that looks like a credential (a bearer token, a PEM key,
 * a long run of hex or base64). The list is checked by the audit log's tests.
 */
import type { AuditFields, AuditValue } from '@/contracts/audit';

/** Field names (compared without case, `_` and `-`) that are never logged. */
export const REDACTED_FIELDS = [
  'secret',
  'secretkey',
  'secretkeylast4',
  'signingsecret',
  'webhooksecret',
  'token',
  'tokenhash',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'setupcode',
  'code',
  'password',
  'senha',
  'privatekey',
  'publickey',
  'key',
  'apikey',
  'credential',
  'credentialhash',
  'authorization',
  'link',
  'card',
  'cardtoken',
] as const;

const REDACTED = new Set<string>(REDACTED_FIELDS);
/** Any field whose name contains one of these is dropped too (`providerApiKey`, `nodeSecret`, `inviteToken`…). */
const REDACTED_PARTS = ['secret', 'token', 'password', 'senha', 'privatekey', 'apikey', 'credential'];

const normalise = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

export function isRedactedField(name: string): boolean {
  const key = normalise(name);
  return REDACTED.has(key) || REDACTED_PARTS.some((part) => key.includes(part));
}

/** A string that is a credential whatever its field is called. */
const CREDENTIAL_TEXT = [/^bearer\s/i, /-----BEGIN [A-Z ]*KEY-----/, /^[0-9a-f]{32,}$/i, /^[A-Za-z0-9+/_-]{40,}={0,2}$/, /^whsec_/i, /^PNT-[0-9A-Z]{4}-/];

function clean(value: unknown, depth: number): AuditValue | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number') return Number.isFinite(value) || typeof value === 'boolean' ? value : null;
  if (typeof value === 'string') return CREDENTIAL_TEXT.some((pattern) => pattern.test(value.trim())) ? undefined : value;
  if (value instanceof Date) return value.toISOString();
  if (depth > 4) return undefined;
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1)).filter((item): item is AuditValue => item !== undefined);
  if (typeof value === 'object') {
    const out: Record<string, AuditValue> = {};
    for (const [key, item] of Object.entries(value)) {
      if (isRedactedField(key)) continue;
      const kept = clean(item, depth + 1);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  }
  return undefined;
}

/** The fields as the log keeps them: redacted (names and values), JSON-safe; null when nothing is left. */
export function redactFields(fields: Record<string, unknown> | null | undefined): AuditFields | null {
  if (!fields) return null;
  const kept = clean(fields, 0);
  if (!kept || typeof kept !== 'object' || Array.isArray(kept) || Object.keys(kept).length === 0) return null;
  return kept;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changed fields only: of `before` and `after` (the record's fields as they were and became), those that differ.
 * A side that is null (created, removed) is kept whole.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !same(before[key], after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
