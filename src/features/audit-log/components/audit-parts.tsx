/**
 * What the portal's "Registro de auditoria" and the back office's "Auditoria" share: the table's columns (Data,
 * Pessoa, Ação, Alvo, Endereço IP, Detalhes antes → depois), the filters' options — "Período" a choice of days or
 * "Personalizado" (the days "De" and "Até", Brasília's calendar, in the URL as `from`/`to`) — and the CSV export
 * (every entry matching the filters, pages of 100, as Histórico's "Exportar CSV").
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_PERIOD_LABELS,
  AUDIT_PERIODS,
  AUDIT_TARGET_LABELS,
  auditChanges,
  type AuditEntry,
  type AuditKind,
} from '@/contracts/audit';
import { auditActorText } from '@/contracts/audit-csv';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldLabel, inputClasses } from '@/components/ui/field';
import type { Column } from '@/components/ui/data-table';
import { SimpleSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { downloadCsv, toCsv, type CsvColumn } from '@/lib/csv';
import { formatDateTime } from '@/lib/dates';

const KIND_TONES: Record<string, BadgeTone> = {
  team: 'info',
  policy: 'warning',
  customer: 'warning',
  machine: 'accent',
  gateway: 'accent',
  'alert-rule': 'neutral',
  webhook: 'neutral',
  account: 'danger',
};

const toneOf = (kind: AuditKind): BadgeTone => KIND_TONES[kind.split('.')[0] ?? ''] ?? 'neutral';

export const KIND_OPTIONS = [{ value: '', label: 'Todas as ações' }, ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }))];

/** "Período"'s choice that reveals the days "De" and "Até". */
export const CUSTOM_PERIOD = 'personalizado';

export const PERIOD_OPTIONS = [
  { value: '', label: 'Todo o período' },
  ...AUDIT_PERIODS.map((days) => ({ value: days, label: AUDIT_PERIOD_LABELS[days] })),
  { value: CUSTOM_PERIOD, label: 'Personalizado' },
];

export const AUDIT_RANGE_MESSAGES = {
  empty: 'Informe a data "De", a data "Até" ou as duas.',
  reversed: 'A data "Até" não pode ser anterior à data "De".',
} as const;

/** The options of a filter whose choices come from the server, with "all" first and the chosen one kept. */
export function choiceOptions(options: readonly { value: string; label: string }[], selected: string | undefined, all: string) {
  const known = selected === undefined || options.some((option) => option.value === selected);
  return [{ value: '', label: all }, ...options, ...(known ? [] : [{ value: selected, label: 'A escolhida' }])];
}

/** "Detalhes": each changed field, before → after. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-sm">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="text-slate-600">{change.field}:</span> <span className="text-slate-700 line-through decoration-slate-400">{change.before}</span>{' '}
          <span aria-label="para">→</span> <span className="font-medium text-slate-900">{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

export function auditColumns<T extends AuditEntry>(): Column<T>[] {
  return [
    { id: 'when', header: 'Data', primary: true, cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</span> },
    {
      id: 'actor',
      header: 'Pessoa',
      cell: (entry) => (
        <span className="block min-w-0">
          <span className="block font-medium text-slate-900">{auditActorText(entry)}</span>
          <span className="block break-all text-xs text-slate-600">{entry.actorEmail}</span>
        </span>
      ),
    },
    { id: 'kind', header: 'Ação', cell: (entry) => <Badge tone={toneOf(entry.kind)}>{AUDIT_KIND_LABELS[entry.kind]}</Badge> },
    {
      id: 'target',
      header: 'Alvo',
      cell: (entry) => (
        <span className="block min-w-0">
          <span className="block text-xs text-slate-600">{AUDIT_TARGET_LABELS[entry.targetKind]}</span>
          <span className="block break-words">{entry.targetLabel}</span>
        </span>
      ),
    },
    { id: 'ip', header: 'Endereço IP', cell: (entry) => <span className="tabular-nums">{entry.ip || '—'}</span> },
    { id: 'details', header: 'Detalhes', cell: (entry) => <AuditDetails entry={entry} /> },
  ];
}

export const auditRowLabel = (entry: AuditEntry) => `${AUDIT_KIND_LABELS[entry.kind]}, ${entry.targetLabel}, ${formatDateTime(entry.createdAt)}`;

export const auditCountLabel = (total: number) => (total === 1 ? '1 registro' : `${total} registros`);

/** Most entries one export fetches (pages of 100). */
const EXPORT_LIMIT = 10_000;
const EXPORT_PAGE = 100;

/** "Exportar CSV": every entry matching the filters (pages of 100), downloaded as `fileName`, with a toast. */
export function useAuditExport<T>(
  fetchPage: (page: number, perPage: number) => Promise<{ data: T[]; meta: { total: number } }>,
  columns: readonly CsvColumn<T>[],
  fileName: () => string,
) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const rows: T[] = [];
      for (let next = 1; rows.length < EXPORT_LIMIT; next += 1) {
        const chunk = await fetchPage(next, EXPORT_PAGE);
        rows.push(...chunk.data);
        if (chunk.data.length < EXPORT_PAGE || rows.length >= chunk.meta.total) break;
      }
      downloadCsv(fileName(), toCsv(rows, columns));
      toast.success(rows.length === 1 ? '1 registro exportado.' : `${rows.length} registros exportados.`);
    } catch (error) {
      toast.error(`Não foi possível exportar: ${apiErrorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv: () => void run() };
}

/** A filter's select as the list kit gives it (`filterSelectProps(list, name)`). */
type FilterSelect = { value: string; onValueChange(value: string): void };

/** "Período" as the URL holds it — `days`, or a range `from`/`to` (YYYY-MM-DD) — and how to change it. */
export interface AuditPeriodControl {
  days: string;
  from: string;
  to: string;
  /** Sets the period (the others of `days`/`from`/`to` removed), back to page 1: one URL change, one request. */
  apply: (next: { days?: string; from?: string; to?: string }) => void;
}

/**
 * The period of the list's query (`query.filters`). The three params change together in one URL change (the list
 * kit's `setFilter` sets one filter at a time), a new history entry as the other filters make.
 */
export function useAuditPeriod(filters: { days?: string; from?: string; to?: string }): AuditPeriodControl {
  const [, setSearchParams] = useSearchParams();
  const apply = useCallback(
    (next: { days?: string; from?: string; to?: string }) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        for (const name of ['days', 'from', 'to', 'page']) params.delete(name);
        for (const [name, value] of Object.entries(next)) if (value) params.set(name, value);
        return params;
      });
    },
    [setSearchParams],
  );
  return { days: filters.days ?? '', from: filters.from ?? '', to: filters.to ?? '', apply };
}

/**
 * "Período": a choice of days, or "Personalizado", which shows the days "De" and "Até" (either may stay empty) and
 * "Aplicar". "Até" before "De" is refused with a message, and nothing is asked of the server.
 */
function AuditPeriodFilter({ period }: { period: AuditPeriodControl }) {
  const inUrl = period.from !== '' || period.to !== '';
  const [custom, setCustom] = useState(inUrl);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // The URL changed (the back button, a link): the days shown follow it.
  useEffect(() => {
    setFrom(period.from);
    setTo(period.to);
    setError(null);
    if (period.from !== '' || period.to !== '') setCustom(true);
  }, [period.from, period.to]);
  const choose = (value: string) => {
    if (value === CUSTOM_PERIOD) {
      setCustom(true);
      return;
    }
    setCustom(false);
    setError(null);
    period.apply({ days: value });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = from === '' && to === '' ? AUDIT_RANGE_MESSAGES.empty : from !== '' && to !== '' && to < from ? AUDIT_RANGE_MESSAGES.reversed : null;
    setError(refusal);
    if (refusal === null) period.apply({ from, to });
  };
  const errorId = `${id}-error`;
  return (
    <>
      <SimpleSelect aria-label="Período" className="sm:w-48" value={custom || inUrl ? CUSTOM_PERIOD : period.days} onValueChange={choose} options={PERIOD_OPTIONS} />
      {custom || inUrl ? (
        <form noValidate aria-label="Período personalizado" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="sm:w-44">
            <FieldLabel htmlFor={`${id}-from`}>De</FieldLabel>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={inputClasses(Boolean(error))}
            />
          </div>
          <div className="sm:w-44">
            <FieldLabel htmlFor={`${id}-to`}>Até</FieldLabel>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={inputClasses(Boolean(error))}
            />
          </div>
          <Button type="submit" variant="secondary">
            Aplicar
          </Button>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700 sm:basis-full">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </>
  );
}

/**
 * The filters and "Exportar CSV" of both screens: `who` (Pessoa in the portal, Conta in the back office), then Tipo and
 * Período (`useAuditPeriod`), and the export, unavailable while nothing matches.
 */
export function AuditToolbar({
  who,
  kind,
  period,
  exporting,
  canExport,
  onExport,
}: {
  who: React.ReactNode;
  kind: FilterSelect;
  period: AuditPeriodControl;
  exporting: boolean;
  canExport: boolean;
  onExport: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      {who}
      <SimpleSelect aria-label="Tipo" className="sm:w-64" {...kind} options={KIND_OPTIONS} />
      <AuditPeriodFilter period={period} />
      <Button variant="secondary" className="sm:ml-auto" loading={exporting} disabled={!canExport} onClick={onExport}>
        Exportar CSV
      </Button>
    </div>
  );
}
