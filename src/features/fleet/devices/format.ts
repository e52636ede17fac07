import { lazyValue } from '@/lib/lazy-value';

const decimal = lazyValue(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }));
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Traffic in pt-BR: "830 B", "12,4 MB", "1,2 GB" (powers of 1 000). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${decimal().format(unit === 0 ? Math.round(value) : value)} ${UNITS[unit]}`;
}

/** A session's length: "45 min", "1 h 05 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}
