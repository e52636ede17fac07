/** Histórico's "Exportar CSV" (lib/csv: pt-BR spreadsheet CSV, the columns as the tab shows them). */
import { REMOTE_ACCESS_EVENT_LABELS } from '@/contracts/remote-access';
import type { CsvColumn } from '@/lib/csv';
import type { RemoteAccessEvent } from './types';

export const HISTORY_CSV_COLUMNS: readonly CsvColumn<RemoteAccessEvent>[] = [
  // Dates as values: lib/csv writes them as a pt-BR spreadsheet types them (dd/mm/aaaa hh:mm).
  { header: 'Quando', value: (event) => event.occurredAt },
  { header: 'Evento', value: (event) => REMOTE_ACCESS_EVENT_LABELS[event.kind] },
  { header: 'Máquina', value: (event) => event.machineName },
  { header: 'Pessoa', value: (event) => event.requesterName },
  { header: 'Por', value: (event) => event.actorName ?? 'Sistema' },
  { header: 'Motivo', value: (event) => event.reason },
  { header: 'Sessão', value: (event) => event.sessionId },
];

const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** `acesso-remoto-2026-11-28.csv` (the local date). */
export function historyCsvFileName(date: Date): string {
  return `acesso-remoto-${day(date)}.csv`;
}
