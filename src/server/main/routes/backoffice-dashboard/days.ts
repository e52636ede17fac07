/** Calendar days in a time zone: the `YYYY-MM-DD` of an instant, the last N days, and when a day starts. */

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The zone's offset from UTC at `ms`, in ms (São Paulo: -3 h). */
function offsetAt(ms: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  const local = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return local - Math.floor(ms / 1000) * 1000;
}

/** The instant `date` (`YYYY-MM-DD`) begins in `timeZone` (its local midnight). */
export function startOfDay(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  // Near a daylight-saving change the offset at the guess may differ from the one at UTC midnight.
  return midnightUtc - offsetAt(guess, timeZone);
}
