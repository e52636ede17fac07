/**
 * The back office's "Auditoria" (issue 37, item 5): every account's audit log, newest first, with the account's name
 * — filtered by Conta, Ação and Período, paged, and "Exportar CSV" of every entry matching them.
 */
import { backofficeAuditListQuery, type BackofficeAuditEntry } from '@/contracts/audit';
import { auditCsvFileName, BACKOFFICE_AUDIT_CSV_COLUMNS } from '@/contracts/audit-csv';
import { DataTable, type Column } from '@/components/ui/data-table';
import { filterSelectProps } from '@/components/ui/list-table';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SimpleSelect } from '@/components/ui/select';
import { useListScreen } from '@/components/ui/use-list-screen';
import { auditLogApi, useGetBackofficeAuditAccountsQuery, useLazyListBackofficeAuditEntriesQuery } from '../api';
import { auditColumns, auditCountLabel, auditRowLabel, choiceOptions, useAuditExport, useAuditPeriod, AuditToolbar } from '../components/audit-parts';

const [when, ...rest] = auditColumns<BackofficeAuditEntry>();
const COLUMNS: Column<BackofficeAuditEntry>[] = [
  ...(when ? [when] : []),
  { id: 'account', header: 'Conta', cell: (entry) => <span className="font-medium text-slate-900">{entry.accountName || '—'}</span> },
  ...rest,
];

export default function BackofficeAuditLogScreen() {
  const title = usePageTitle() || 'Auditoria';
  const { list, query, result, table } = useListScreen(backofficeAuditListQuery, auditLogApi.endpoints.listBackofficeAuditEntries);
  const accounts = useGetBackofficeAuditAccountsQuery();
  const period = useAuditPeriod(query.filters);
  const [fetchPage] = useLazyListBackofficeAuditEntriesQuery();
  const { exporting, exportCsv } = useAuditExport(
    (page, perPage) => fetchPage({ ...query, page, perPage }).unwrap(),
    BACKOFFICE_AUDIT_CSV_COLUMNS,
    () => auditCsvFileName(new Date()),
  );
  return (
    <section className="space-y-4">
      <PageHeader title={title} subtitle="O registro de auditoria de todas as contas: quem mudou o quê, quando e de onde." />
      <AuditToolbar
        who={
          <SimpleSelect
            aria-label="Conta"
            className="sm:w-64"
            {...filterSelectProps(list, 'account')}
            options={choiceOptions(accounts.data?.accounts ?? [], query.filters.account, 'Todas as contas')}
          />
        }
        kind={filterSelectProps(list, 'kind')}
        period={period}
        exporting={exporting}
        canExport={Boolean(result.data && result.data.meta.total > 0)}
        onExport={exportCsv}
      />
      <DataTable
        caption="Auditoria"
        columns={COLUMNS}
        {...table}
        getRowId={(entry) => entry.id}
        rowLabel={(entry) => `${entry.accountName}: ${auditRowLabel(entry)}`}
        errorTitle="Não foi possível carregar a auditoria."
        emptyState={{ title: 'Nenhum registro', description: 'As mudanças feitas nas contas aparecem aqui.' }}
        noResults={{ title: 'Nenhum registro com estes filtros' }}
        countLabel={auditCountLabel}
      />
    </section>
  );
}
