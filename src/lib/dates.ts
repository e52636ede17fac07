import { lazyValue } from './lazy-value';

/** Server timestamps arrive as { seconds, nanos } and become Date at the API boundary. */
export interface Timestamp {
  seconds: number;
  nanos: number;
}

export function isTimestamp(value: unknown): value is Timestamp {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 2) return false;
  const v = value as Record<string, unknown>;
  return typeof v.seconds === 'number' && typeof v.nanos === 'number';
}

export function timestampToDate(t: Timestamp): Date {
  return new Date(t.seconds * 1000 + Math.floor(t.nanos / 1e6));
}

export function dateToTimestamp(date: Date): Timestamp {
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1e6 };
}

/**
 * Deeply replaces every { seconds, nanos } value with a Date. Other values are returned unchanged. It runs on every
 * API answer (a list page of nested records), so it reads each object once: no key list made to test for a
 * timestamp, no entry pairs. The arrays and objects it builds come out frozen: RTK Query's store freezes an answer
 * anyway (Immer walks it to do so, a sixth of a list page's handling on a slow phone, measured with
 * `npm run bench -- --trace`), and skips what is frozen already.
 */
export function convertTimestamps<T = unknown>(value: unknown): T {
  return convertValue(value) as T;
}

function convertValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) out[index] = convertValue(value[index]);
    return Object.freeze(out);
  }
  const record = value as Record<string, unknown>;
  if (typeof record.seconds === 'number' && typeof record.nanos === 'number' && isTimestamp(record)) return timestampToDate(record);
  if (Object.getPrototypeOf(record) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) out[key] = convertValue(record[key]);
  return Object.freeze(out);
}

const dateFormat = lazyValue(() => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }));
const dateTimeFormat = lazyValue(
  () =>
    new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
);

/** 22/11/2026 */
export function formatDate(date: Date | string | number): string {
  return dateFormat().format(new Date(date));
}

/** 22/11/2026, 14:05 (the long form, with hour and minute) */
export function formatDateTime(date: Date | string | number): string {
  return dateTimeFormat().format(new Date(date));
}

const relativeFormat = lazyValue(() => new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always' }));

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60_000],
  ['month', 30 * 24 * 60 * 60_000],
  ['day', 24 * 60 * 60_000],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
];

/**
 * How long ago (or from now) in pt-BR words: "agora mesmo" under a minute, then "há 5 minutos", "há 1 hora",
 * "há 3 dias", "há 2 meses", "há 1 ano" (or "em 5 minutos" ahead). Rounded down, so "há 59 minutos" until the
 * full hour. Show the exact date beside it (a `title`, see formatDateTime).
 */
export function formatRelativeTime(date: Date | string | number, now: Date | number = Date.now()): string {
  const diff = new Date(now).getTime() - new Date(date).getTime();
  if (!Number.isFinite(diff)) return '';
  const distance = Math.abs(diff);
  if (distance < 60_000) return 'agora mesmo';
  for (const [unit, size] of RELATIVE_UNITS) {
    if (distance >= size) {
      const amount = Math.floor(distance / size);
      return relativeFormat().format(diff > 0 ? -amount : amount, unit);
    }
  }
  return 'agora mesmo';
}
