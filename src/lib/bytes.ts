/** Traffic as the screens show it (a machine's access history, remote-access sessions). */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 512 B · 12,3 MB (pt-BR decimal comma, powers of 1024). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(Math.round(value)) : value.toFixed(value >= 100 ? 0 : 1).replace('.', ',');
  return `${text} ${UNITS[unit] ?? 'B'}`;
}
