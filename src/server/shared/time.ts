/**
 * Times: stored as epoch milliseconds (INTEGER columns), answered as `{ seconds, nanos }` — the portal turns them
 * into `Date` at its API boundary. `serialize` converts every field named `…At`, `validFrom` or `validUntil`.
 */
export interface Timestamp {
  seconds: number;
  nanos: number;
}

export function timestamp(ms: number): Timestamp {
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1_000_000 };
}

const TIME_FIELD = /(At|^validFrom|^validUntil)$/;

/** A record (or list of them) as the API answers it: times as `{ seconds, nanos }`, the owner never shown. */
export function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => serialize(item));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (key === 'ownerUid') continue;
      out[key] = TIME_FIELD.test(key) && typeof field === 'number' ? timestamp(field) : serialize(field);
    }
    return out;
  }
  return value;
}
