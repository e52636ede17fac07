/**
 * The audit log's "Exportar CSV" (as Histórico's: the pt-BR spreadsheet CSV of format/csv.ts — `;`, BOM, dates
 * `dd/mm/aaaa hh:mm`, formulas neutralised), one line per entry matching the filters, the columns as the table
 * shows them; the back office's adds the account.
 */
import { AUDIT_KIND_LABELS, auditChanges, type AuditEntry, type BackofficeAuditEntry } from './audit';
import type { CsvColumn } from './format/csv';

/** "E-mail: a → b | Perfil: Técnico → Leitura". */
export function auditDetailsText(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  return auditChanges(entry)
    .map((change) => `${change.field}: ${change.before} → ${change.after}`)
    .join(' | ');
}

/** Who, as the screens say it: the name, and "(equipe Ponte)" for staff. */
export const auditActorText = (entry: Pick<AuditEntry, 'actorName' | 'actorStaff'>): string =>
  entry.actorStaff ? `${entry.actorName} (equipe Ponte)` : entry.actorName;

export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEntry>[] = [
  { header: 'Data', value: (entry) => entry.createdAt },
  { header: 'Pessoa', value: (entry) => auditActorText(entry) },
  { header: 'E-mail', value: (entry) => entry.actorEmail },
  { header: 'Ação', value: (entry) => AUDIT_KIND_LABELS[entry.kind] },
  { header: 'Alvo', value: (entry) => entry.targetLabel },
  { header: 'Endereço IP', value: (entry) => entry.ip },
  { header: 'Detalhes', value: (entry) => auditDetailsText(entry) },
];

export const BACKOFFICE_AUDIT_CSV_COLUMNS: readonly CsvColumn<BackofficeAuditEntry>[] = [
  { header: 'Conta', value: (entry) => entry.accountName },
  ...(AUDIT_CSV_COLUMNS as readonly CsvColumn<BackofficeAuditEntry>[]),
];

const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** `auditoria-2026-11-28.csv` (the local date). */
export function auditCsvFileName(date: Date): string {
  return `auditoria-${day(date)}.csv`;
}
