import { useState } from 'react';
import {
  VPN_USER_DISABLED_CODE,
  VPN_USER_EXPIRED_CODE,
  VPN_USER_STATUS_LABELS,
  VPN_USER_STATUSES,
  vpnUserListQuery,
  vpnUserStatus,
  type VpnUser,
} from '@/contracts/vpn';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DeleteRecordDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { SimpleSelect } from '@/components/ui/select';
import { useNow } from '@/components/ui/relative-time';
import { toast } from '@/components/ui/toast';
import { enableToggleAction, filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { formatDate } from '@/lib/dates';
import { apiErrorCode, apiErrorMessage } from '@/lib/api/errors';
import { downloadFile } from '@/lib/download';
import {
  backofficeVpnApi,
  useDeleteVpnUserMutation,
  useDownloadVpnUserConfigMutation,
  useSetVpnUserEnabledMutation,
} from '../api';
import { VpnUserDialog } from './vpn-user-dialog';
import { VpnUserStatusBadges, vpnListErrorTitle } from './vpn-status';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  ...VPN_USER_STATUSES.map((status) => ({ value: status, label: VPN_USER_STATUS_LABELS[status] })),
];

const countLabel = (total: number) => (total === 1 ? '1 usuário VPN' : `${total} usuários VPN`);

function machinesSummary(user: VpnUser): string {
  if (user.machines.length === 0) return 'Nenhuma';
  const names = user.machines.slice(0, 2).map((machine) => machine.name);
  const more = user.machines.length - names.length;
  return more > 0 ? `${names.join(', ')} +${more}` : names.join(', ');
}

function columns(now: number): Column<VpnUser>[] {
  return [
    { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (user) => user.name },
    { id: 'email', header: 'E-mail', sortKey: 'email', cell: (user) => <span className="break-all">{user.email}</span> },
    { id: 'status', header: 'Status', cell: (user) => <VpnUserStatusBadges user={user} now={now} /> },
    {
      id: 'expiresAt',
      header: 'Expira em',
      sortKey: 'expiresAt',
      cell: (user) => (user.expiresAt ? <span className="whitespace-nowrap">{formatDate(user.expiresAt)}</span> : 'Sem expiração'),
    },
    {
      id: 'machines',
      header: 'Máquinas',
      cell: (user) => <span title={user.machines.map((machine) => machine.name).join(', ')}>{machinesSummary(user)}</span>,
    },
    { id: 'owner', header: 'Montadora', hideOnMobile: true, cell: (user) => user.ownerName ?? '—' },
  ];
}

/** Why a download was refused, above the list, with the way out: renew (expired), enable (disabled) or retry. */
function DownloadProblem({
  user,
  error,
  pending,
  onRenew,
  onEnable,
  onRetry,
  onDismiss,
}: {
  user: VpnUser;
  error: unknown;
  pending: boolean;
  onRenew(): void;
  onEnable(): void;
  onRetry(): void;
  onDismiss(): void;
}) {
  const code = apiErrorCode(error);
  return (
    <div
      role="alert"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong className="font-semibold">Não foi possível baixar a configuração de {user.name}.</strong> {apiErrorMessage(error)}
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        {code === VPN_USER_EXPIRED_CODE ? (
          <Button variant="secondary" size="sm" onClick={onRenew}>
            Renovar validade
          </Button>
        ) : code === VPN_USER_DISABLED_CODE ? (
          <Button variant="secondary" size="sm" loading={pending} onClick={onEnable}>
            Ativar usuário
          </Button>
        ) : (
          <Button variant="secondary" size="sm" loading={pending} onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Fechar aviso
        </Button>
      </div>
    </div>
  );
}

/** The "Usuários" tab: VPN users with their status and expiry; create, edit, enable / disable, download, delete. */
export function UsersTab() {
  const now = useNow();
  const { list, query, result, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    vpnUserListQuery,
    backofficeVpnApi.endpoints.listVpnUsers,
  );
  const [editing, setEditing] = useState<VpnUser | 'new' | null>(null);
  const [deleteUser, deleting] = useDeleteVpnUserMutation();
  const [setEnabled, switching] = useSetVpnUserEnabledMutation();
  const [fetchConfig, download] = useDownloadVpnUserConfigMutation();
  const [problem, setProblem] = useState<{ user: VpnUser; error: unknown } | null>(null);

  const newButton = <Button onClick={() => setEditing('new')}>Novo usuário VPN</Button>;

  const toggle = async (user: VpnUser, enabled: boolean) => {
    try {
      await setEnabled({ id: user.id, enabled }).unwrap();
      toast.success(enabled ? `${user.name} foi ativado.` : `${user.name} foi desativado: o acesso pela VPN está bloqueado.`);
      return true;
    } catch (error) {
      toast.error(apiErrorMessage(error));
      return false;
    }
  };

  const downloadConfig = async (user: VpnUser) => {
    setProblem(null);
    try {
      const file = await fetchConfig({ id: user.id, name: user.name }).unwrap();
      downloadFile(file.filename, file.content, 'text/plain;charset=utf-8');
      download.reset();
      toast.success(`Configuração VPN baixada: ${file.filename}`);
    } catch (error) {
      setProblem({ user, error });
    }
  };

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          className="sm:max-w-md sm:flex-1"
          label="Buscar usuários VPN"
          placeholder="Nome ou e-mail"
          value={query.q}
          onSearch={list.setSearch}
        />
        <SimpleSelect
          aria-label="Filtrar por status"
          className="sm:w-48"
          {...filterSelectProps(list, 'status')}
          options={STATUS_OPTIONS}
        />
        <div className="sm:ml-auto">{newButton}</div>
      </div>
      {problem ? (
        <DownloadProblem
          user={problem.user}
          error={problem.error}
          pending={download.isLoading || switching.isLoading}
          onRenew={() => {
            setEditing(problem.user);
            setProblem(null);
          }}
          onEnable={() => {
            void toggle(problem.user, true).then((done) => (done ? setProblem(null) : undefined));
          }}
          onRetry={() => void downloadConfig(problem.user)}
          onDismiss={() => setProblem(null)}
        />
      ) : null}
      <DataTable
        caption="Usuários VPN"
        columns={columns(now)}
        {...table}
        getRowId={(user) => user.id}
        rowLabel={(user) => user.name}
        onRowClick={(user) => setEditing(user)}
        errorTitle={vpnListErrorTitle(result.error, 'Não foi possível carregar os usuários VPN.')}
        emptyState={{
          title: 'Nenhum usuário VPN cadastrado',
          description: 'Cadastre quem acessa as máquinas pela VPN, com validade e as máquinas que pode alcançar.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(user) => {
          const status = vpnUserStatus(user, now);
          return rowActions(user, {
            edit: () => setEditing(user),
            extra: [
              { label: 'Baixar configuração', onSelect: () => void downloadConfig(user) },
              enableToggleAction(user.enabled, (enable) => void toggle(user, enable)),
              ...(status === 'expirado' ? [{ label: 'Renovar validade', onSelect: () => setEditing(user) }] : []),
            ],
            remove: true,
          });
        }}
      />
      {editing !== null ? (
        <VpnUserDialog user={editing === 'new' ? null : editing} onOpenChange={(open) => (open ? null : setEditing(null))} />
      ) : null}
      <DeleteRecordDialog
        record={toDelete}
        title="Excluir usuário VPN?"
        description={(user) => (
          <>
            <RecordName>{user.name}</RecordName> perde o acesso pela VPN e a configuração baixada deixa de funcionar. Esta
            ação não pode ser desfeita.
          </>
        )}
        remove={(user) => deleteUser(user.id).unwrap()}
        pending={deleting.isLoading}
        successMessage="Usuário VPN excluído."
        onOpenChange={onDeleteOpenChange}
      />
    </div>
  );
}
