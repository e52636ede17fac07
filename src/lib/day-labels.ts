/** Calendar days as APIs send them for charts (`YYYY-MM-DD` in the user's time zone), labelled in pt-BR. */
import { lazyValue } from './lazy-value';

const weekdayShort = lazyValue(() => new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' }));
const weekdayLong = lazyValue(
  () => new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: '2-digit', month: '2-digit', timeZone: 'UTC' }),
);
const dayMonth = lazyValue(() => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' }));

function utcDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

/** '2026-11-20' → { short: 'sex.', dayMonth: '20/11', long: 'sexta-feira, 20/11' } */
export function dayLabels(date: string): { short: string; dayMonth: string; long: string } {
  const value = utcDate(date);
  return { short: weekdayShort().format(value), dayMonth: dayMonth().format(value), long: weekdayLong().format(value) };
}

/** The browser's time zone (the days of the chart are the user's days). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo';
  } catch {
    return 'America/Sao_Paulo';
  }
}

