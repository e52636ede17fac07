/**
 * Calendar days of a time zone as instants, written `YYYY-MM-DD`: the day of an instant there, the last N days, the
 * next day or month, and the instant a day starts there (its midnight, DST included, found from the zone's own
 * calendar). The one home of the server's day helpers; the fixed Brasília days of date inputs are
 * `@/contracts/validators/days`, whose `DAY_MS` this shares.
 */
import { DAY_MS } from '@/contracts/validators/days';

export { DAY_MS };

/** Every zone's midnight of a date lies within these of the date's UTC midnight (offsets run −12 h to +14 h). */
const BEFORE_MS = 15 * 60 * 60 * 1000;
const AFTER_MS = 13 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of an instant in `timeZone`. */
export function dayKeyFormatter(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ms) => {
    const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}

/** The last `count` calendar days ending with `today` (`YYYY-MM-DD`), oldest first. */
export function lastDays(today: string, count: number): string[] {
  const [year, month, day] = today.split('-').map(Number);
  const base = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  return Array.from({ length: count }, (_, i) => new Date(base - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The day after `date` (`YYYY-MM-DD`). */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month after `month` (`YYYY-MM`), as `YYYY-MM-DD`. */
export function nextMonthStart(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, m ?? 1, 1)).toISOString().slice(0, 10);
}

/**
 * The first instant whose day in the zone is `date` or later (that day's midnight there): `zone` is a time zone, or
 * the `dayKeyFormatter` of one (a caller bounding many days builds it once).
 */
export function startOfDay(date: string, zone: string | ((ms: number) => string)): number {
  const dayOf = typeof zone === 'string' ? dayKeyFormatter(zone) : zone;
  const utc = Date.parse(`${date}T00:00:00Z`);
  let low = utc - BEFORE_MS; // before the date there
  let high = utc + AFTER_MS; // on the date (or later) there
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dayOf(middle) >= date) high = middle;
    else low = middle;
  }
  return high;
}
