import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { useListHubsQuery, type Hub } from '../hubs-api';
import { HubCredentialFlow } from './hub-credential';
import { HubDialog } from './hub-dialog';
import { MoveGatewayDialog } from './move-gateway-dialog';
import { OnlineBadge, vpnListErrorTitle } from './vpn-status';

const countLabel = (total: number) => (total === 1 ? '1 hub' : `${total} hubs`);

/** Online / Offline from the hub's reports; a health problem it reported is said under it. */
function HubStatus({ hub }: { hub: Hub }) {
  const problem = hub.health && !hub.health.ok ? (hub.health.message ?? 'O hub relatou um problema.') : null;
  return (
    <span className="flex flex-col items-start gap-1">
      <OnlineBadge online={hub.online} />
      {hub.publicKey === null ? <span className="text-xs text-slate-600">Ainda não se registrou</span> : null}
      {problem ? <span className="max-w-xs text-xs text-red-800">{problem}</span> : null}
    </span>
  );
}

const COLUMNS: Column<Hub>[] = [
  { id: 'name', header: 'Nome', primary: true, cell: (hub) => hub.name },
  { id: 'region', header: 'Região', cell: (hub) => hub.region },
  { id: 'status', header: 'Status', cell: (hub) => <HubStatus hub={hub} /> },
  { id: 'peers', header: 'Pares', className: 'text-right tabular-nums', cell: (hub) => hub.peerCount },
  { id: 'gateways', header: 'Gateways', className: 'text-right tabular-nums', cell: (hub) => hub.gatewayCount },
  {
    id: 'lastReportAt',
    header: 'Último relatório',
    cell: (hub) => (hub.lastReportAt ? <RelativeTime date={hub.lastReportAt} /> : 'Nunca'),
  },
  {
    id: 'endpoint',
    header: 'Endpoint',
    cell: (hub) => <span className="break-all font-mono text-[13px]">{`${hub.endpointHost}:${hub.endpointPort}`}</span>,
  },
];

const QUERY = { sort: '', page: 1, perPage: 100 };

/**
 * The "Hubs" tab: the WireGuard relays (status and health from their reports, peers, gateways, last report,
 * endpoint); "Novo hub", "Editar", "Nova credencial" (asked first, shown once) and "Mover gateway".
 */
export function HubsTab() {
  const result = useListHubsQuery();
  const hubs = result.data?.data;
  const [editing, setEditing] = useState<Hub | 'new' | null>(null);
  const [credentialFor, setCredentialFor] = useState<Hub | null>(null);
  const [moving, setMoving] = useState<{ hub: Hub | null } | null>(null);

  const newButton = <Button onClick={() => setEditing('new')}>Novo hub</Button>;

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button variant="secondary" disabled={!hubs || hubs.length === 0} onClick={() => setMoving({ hub: null })}>
          Mover gateway
        </Button>
        {newButton}
      </div>
      <DataTable
        caption="Hubs VPN"
        columns={COLUMNS}
        rows={hubs}
        total={result.data?.meta.total}
        query={QUERY}
        isLoading={result.isLoading}
        isFetching={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        hasActiveSearch={false}
        onClearSearch={() => undefined}
        getRowId={(hub) => hub.id}
        rowLabel={(hub) => hub.name}
        errorTitle={vpnListErrorTitle(result.error, 'Não foi possível carregar os hubs.')}
        emptyState={{
          title: 'Nenhum hub cadastrado',
          description: 'Sem um hub, nenhuma configuração VPN pode ser gerada: cadastre o primeiro e emita a credencial dele.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(hub) => [
          { label: 'Editar', onSelect: () => setEditing(hub) },
          { label: 'Nova credencial', onSelect: () => setCredentialFor(hub) },
          { label: 'Mover gateway para este hub', onSelect: () => setMoving({ hub }) },
        ]}
      />
      {editing !== null ? <HubDialog hub={editing === 'new' ? null : editing} onOpenChange={(open) => (open ? null : setEditing(null))} /> : null}
      {credentialFor ? <HubCredentialFlow hub={credentialFor} onDone={() => setCredentialFor(null)} /> : null}
      {moving && hubs ? (
        <MoveGatewayDialog hubs={hubs} hub={moving.hub} onOpenChange={(open) => (open ? null : setMoving(null))} />
      ) : null}
    </div>
  );
}
