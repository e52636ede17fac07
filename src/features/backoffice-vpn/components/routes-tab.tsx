import { useState } from 'react';
import { vpnRouteListQuery, type VpnRoute } from '@/contracts/vpn';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { SimpleSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { enableToggleAction, filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { apiErrorMessage } from '@/lib/api/errors';
import {
  backofficeVpnApi,
  useDeleteVpnRouteMutation,
  useListVpnNodeOptionsQuery,
  useSetVpnRouteEnabledMutation,
} from '../api';
import { VpnRouteDialog } from './vpn-route-dialog';
import { RouteStatusBadge, vpnListErrorTitle } from './vpn-status';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  { value: 'ativa', label: 'Ativas' },
  { value: 'desativada', label: 'Desativadas' },
];

const countLabel = (total: number) => (total === 1 ? '1 rota' : `${total} rotas`);

const COLUMNS: Column<VpnRoute>[] = [
  {
    id: 'network',
    header: 'Rede (CIDR)',
    sortKey: 'network',
    primary: true,
    mobileLabel: 'Rede',
    cell: (route) => <span className="whitespace-nowrap font-mono text-[13px]">{route.network}</span>,
  },
  { id: 'node', header: 'Nó', sortKey: 'nodeName', cell: (route) => route.nodeName || '—' },
  { id: 'description', header: 'Descrição', sortKey: 'description', cell: (route) => route.description || '—' },
  { id: 'status', header: 'Status', cell: (route) => <RouteStatusBadge enabled={route.enabled} /> },
];

/** The "Rotas" tab: the networks behind each node; create, edit, enable / disable, delete. */
export function RoutesTab() {
  const { list, query, result, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    vpnRouteListQuery,
    backofficeVpnApi.endpoints.listVpnRoutes,
  );
  const nodes = useListVpnNodeOptionsQuery('');
  const [editing, setEditing] = useState<VpnRoute | 'new' | null>(null);
  const [deleteRoute, deleting] = useDeleteVpnRouteMutation();
  const [setEnabled] = useSetVpnRouteEnabledMutation();

  const nodeFilter = query.filters.node ?? '';
  const nodeOptions = [
    { value: '', label: 'Todos os nós' },
    ...(nodes.data?.data ?? []).map((node) => ({ value: node.id, label: node.name })),
  ];
  // A node given by a link that the first options page leaves out: still named in the filter.
  if (nodeFilter && !nodeOptions.some((option) => option.value === nodeFilter)) {
    nodeOptions.push({ value: nodeFilter, label: result.data?.data[0]?.nodeName || nodeFilter });
  }

  const newButton = <Button onClick={() => setEditing('new')}>Nova rota</Button>;

  const toggle = async (route: VpnRoute, enabled: boolean) => {
    try {
      await setEnabled({ id: route.id, enabled }).unwrap();
      toast.success(enabled ? `Rota ${route.network} ativada.` : `Rota ${route.network} desativada.`);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchInput
          className="sm:max-w-sm sm:flex-1"
          label="Buscar rotas"
          placeholder="Rede, descrição ou nó"
          value={query.q}
          onSearch={list.setSearch}
        />
        <SimpleSelect
          aria-label="Filtrar por nó"
          className="sm:w-56"
          {...filterSelectProps(list, 'node')}
          options={nodeOptions}
        />
        <SimpleSelect
          aria-label="Filtrar por status"
          className="sm:w-44"
          {...filterSelectProps(list, 'status')}
          options={STATUS_OPTIONS}
        />
        <div className="sm:ml-auto">{newButton}</div>
      </div>
      <DataTable
        caption="Rotas VPN"
        columns={COLUMNS}
        {...table}
        getRowId={(route) => route.id}
        rowLabel={(route) => `${route.network} (${route.nodeName})`}
        onRowClick={(route) => setEditing(route)}
        errorTitle={vpnListErrorTitle(result.error, 'Não foi possível carregar as rotas.')}
        emptyState={{
          title: 'Nenhuma rota cadastrada',
          description: 'Cadastre as redes atrás de cada nó para que os usuários VPN alcancem as máquinas.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(route) =>
          rowActions(route, {
            edit: () => setEditing(route),
            extra: [enableToggleAction(route.enabled, (enable) => void toggle(route, enable))],
            remove: true,
          })
        }
      />
      {editing !== null ? (
        <VpnRouteDialog
          route={editing === 'new' ? null : editing}
          nodeId={nodeFilter}
          onOpenChange={(open) => (open ? null : setEditing(null))}
        />
      ) : null}
      <DeleteRecordDialog
        record={toDelete}
        title="Excluir rota?"
        description={(route) => (
          <>
            A rede <RecordName mono>{route.network}</RecordName> deixa de ser alcançada por {route.nodeName}. Esta ação não
            pode ser desfeita.
          </>
        )}
        remove={(route) => deleteRoute(route.id).unwrap()}
        pending={deleting.isLoading}
        successMessage="Rota excluída."
        onOpenChange={onDeleteOpenChange}
      />
    </div>
  );
}
