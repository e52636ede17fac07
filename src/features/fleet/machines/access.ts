/** Formatting of a machine's access history, on screen and in its CSV export. */
import type { AccessEntry } from '@/contracts/machine';
import type { CsvColumn } from '@/lib/csv';

/** 45 s · 25 min · 1 h 05 min · 2 d 3 h */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** 512 B · 12,3 MB: one home, lib/bytes (remote access shows traffic too). */
export { formatBytes } from '@/lib/bytes';

export const ACCESS_CSV_COLUMNS: readonly CsvColumn<AccessEntry>[] = [
  { header: 'Usuário', value: (entry) => entry.userName },
  { header: 'E-mail', value: (entry) => entry.userEmail },
  { header: 'IP público', value: (entry) => entry.publicIp },
  // Dates and numbers as values: lib/csv writes them as a pt-BR spreadsheet types them (dd/mm/aaaa hh:mm, 1234,5).
  { header: 'Início', value: (entry) => entry.startedAt },
  { header: 'Fim', value: (entry) => entry.endedAt ?? 'Em andamento' },
  { header: 'Duração (min)', value: (entry) => Math.round(entry.durationSeconds / 60) },
  { header: 'Recebido (bytes)', value: (entry) => entry.bytesIn },
  { header: 'Enviado (bytes)', value: (entry) => entry.bytesOut },
];

/** `acessos-ih-450-01-2026-11-22.csv`: the machine's name without accents or symbols, and the local date. */
export function accessCsvFileName(machineName: string, date: Date): string {
  const slug =
    machineName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'maquina';
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `acessos-${slug}-${day}.csv`;
}
