/**
 * Configurações → "Registro de auditoria" (issue 37, item 5): who changed what in the account — people and roles,
 * the remote-access policy, customers' factory approval, machines' networks and services, gateways, alert rules,
 * webhooks, exports and the deletion — when, from which address, and the fields before → after. Administrador and
 * Leitura read it (nobody changes it); a Técnico is told why. Filters Pessoa / Ação / Período in the URL (the list
 * kit), pages, and "Exportar CSV" of every entry matching them.
 */
import { AUDIT_FORBIDDEN_MESSAGE, auditListQuery } from '@/contracts/audit';
import { AUDIT_CSV_COLUMNS, auditCsvFileName } from '@/contracts/audit-csv';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LockIcon } from '@/components/ui/icons';
import { filterSelectProps } from '@/components/ui/list-table';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SimpleSelect } from '@/components/ui/select';
import { PageLoader } from '@/components/ui/spinner';
import { useListScreen } from '@/components/ui/use-list-screen';
import { useAccess } from '@/entities/access/api';
import { auditLogApi, useGetAuditPeopleQuery, useLazyListAuditEntriesQuery } from '../api';
import { auditColumns, auditCountLabel, auditRowLabel, choiceOptions, useAuditExport, useAuditPeriod, AuditToolbar } from '../components/audit-parts';

const SUBTITLE = 'Quem mudou o quê na conta, quando e de onde. Os registros ficam guardados por 5 anos.';
const COLUMNS = auditColumns();

function AuditLog() {
  const { list, query, result, table } = useListScreen(auditListQuery, auditLogApi.endpoints.listAuditEntries);
  const people = useGetAuditPeopleQuery();
  const period = useAuditPeriod(query.filters);
  const [fetchPage] = useLazyListAuditEntriesQuery();
  const { exporting, exportCsv } = useAuditExport(
    (page, perPage) => fetchPage({ ...query, page, perPage }).unwrap(),
    AUDIT_CSV_COLUMNS,
    () => auditCsvFileName(new Date()),
  );
  return (
    <div className="space-y-3">
      <AuditToolbar
        who={
          <SimpleSelect
            aria-label="Pessoa"
            className="sm:w-56"
            {...filterSelectProps(list, 'person')}
            options={choiceOptions(people.data?.people ?? [], query.filters.person, 'Todas as pessoas')}
          />
        }
        kind={filterSelectProps(list, 'kind')}
        period={period}
        exporting={exporting}
        canExport={Boolean(result.data && result.data.meta.total > 0)}
        onExport={exportCsv}
      />
      <DataTable
        caption="Registro de auditoria"
        columns={COLUMNS}
        {...table}
        getRowId={(entry) => entry.id}
        rowLabel={auditRowLabel}
        errorTitle="Não foi possível carregar o registro de auditoria."
        emptyState={{
          title: 'Nenhum registro ainda',
          description: 'Cada mudança na equipe, nas políticas, nos clientes, nas máquinas e nos gateways aparece aqui.',
        }}
        noResults={{ title: 'Nenhum registro com estes filtros' }}
        countLabel={auditCountLabel}
      />
    </div>
  );
}

export default function AuditLogScreen() {
  const title = usePageTitle() || 'Registro de auditoria';
  const access = useAccess();
  if (access.isLoading) return <PageLoader label="Verificando seu perfil…" />;
  return (
    <section className="space-y-4">
      <PageHeader title={title} subtitle={SUBTITLE} />
      {access.data?.role === 'tecnico' ? (
        <EmptyState icon={<LockIcon />} title="Sem permissão" description={`${AUDIT_FORBIDDEN_MESSAGE} Fale com um Administrador da sua empresa.`} />
      ) : (
        <AuditLog />
      )}
    </section>
  );
}
