import { Link } from 'react-router-dom';
import { vpnNodeListQuery, type VpnNode } from '@/contracts/vpn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { SearchInput } from '@/components/ui/search-input';
import { SimpleSelect } from '@/components/ui/select';
import { filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { backofficeVpnApi } from '../api';
import { OnlineBadge, vpnListErrorTitle } from './vpn-status';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
];

const countLabel = (total: number) => (total === 1 ? '1 nó' : `${total} nós`);
const routesLabel = (count: number) => (count === 0 ? 'Nenhuma rota' : count === 1 ? '1 rota' : `${count} rotas`);

const COLUMNS: Column<VpnNode>[] = [
  { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (node) => node.name },
  {
    id: 'gateway',
    header: 'Gateway',
    cell: (node) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap font-mono text-[13px]">{node.deviceSerialNumber || '—'}</span>
        <span className="text-xs text-slate-600">{node.deviceId}</span>
      </span>
    ),
  },
  {
    id: 'vpnAddress',
    header: 'Endereço VPN',
    sortKey: 'vpnAddress',
    cell: (node) => <span className="whitespace-nowrap font-mono text-[13px]">{node.vpnAddress}</span>,
  },
  { id: 'online', header: 'Status', cell: (node) => <OnlineBadge online={node.online} /> },
  {
    id: 'lastHandshakeAt',
    header: 'Último handshake',
    sortKey: 'lastHandshakeAt',
    cell: (node) => (node.lastHandshakeAt ? <RelativeTime date={node.lastHandshakeAt} /> : 'Nunca'),
  },
  {
    id: 'routes',
    header: 'Rotas',
    cell: (node) => (
      <Link
        to={`?${new URLSearchParams({ tab: 'rotas', node: node.id }).toString()}`}
        aria-label={`${routesLabel(node.routeCount)} de ${node.name}`}
        className="whitespace-nowrap rounded-sm text-accent-strong underline underline-offset-2 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
      >
        {routesLabel(node.routeCount)}
      </Link>
    ),
  },
];

/** The "Nós" tab: the gateways the VPN reaches, their address, whether they are online and their last handshake. */
export function NodesTab() {
  const { list, query, result, table } = useListScreen(vpnNodeListQuery, backofficeVpnApi.endpoints.listVpnNodes);

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          className="sm:max-w-md sm:flex-1"
          label="Buscar nós"
          placeholder="Nome, endereço VPN ou número de série"
          value={query.q}
          onSearch={list.setSearch}
        />
        <SimpleSelect
          aria-label="Filtrar por status"
          className="sm:w-48"
          {...filterSelectProps(list, 'status')}
          options={STATUS_OPTIONS}
        />
      </div>
      <DataTable
        caption="Nós VPN"
        columns={COLUMNS}
        {...table}
        getRowId={(node) => node.id}
        rowLabel={(node) => node.name}
        errorTitle={vpnListErrorTitle(result.error, 'Não foi possível carregar os nós.')}
        emptyState={{
          title: 'Nenhum nó conectado',
          description: 'Os nós aparecem aqui quando os gateways se conectam à VPN pela primeira vez.',
        }}
        countLabel={countLabel}
      />
    </div>
  );
}
