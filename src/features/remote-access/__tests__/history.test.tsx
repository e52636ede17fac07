/**
 * Remote access, the rest of issue 25 in the portal (unit tests' API): Histórico's filters (kept in the URL, served
 * by the API) and "Exportar CSV" (pt-BR, every event matching the filters), a machine's "Histórico de acesso remoto",
 * the dashboard's "Acesso remoto" panel, the traffic in Ativos, and the policy's version conflict with "Recarregar".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { PermissionsProvider } from '@/components/ui/permissions';
import { portalPatterns, portalPaths } from '@/config/paths';
import { locksOf } from '@/entities/access/api';
import { setTokenProvider } from '@/lib/api/token';
import { downloadFile } from '@/lib/download';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import MachineScreen from '@/app/areas/portal/screens/machine-detail';
import { makeTestToken } from '@/testing/test-token';
import { testSql } from '@/testing/msw-server';
import {
  arrangeRemoteAccessRequest,
  demoMachines,
  arrangeDownloadedProfile,
  arrangeHeldHandshake,
  isReachable,
  storedPolicy,
  arrangePolicy,
} from '@/testing/remote-access-data';
import { renderRoutes } from '@/testing/render';
import RemoteAccessDashboardPanel from '../components/dashboard-panel';
import { RemoteAccessPolicySection } from '../components/policy-section';
import { RemoteAccessScreen } from '../screens/remote-access';
import { expectToast } from '@/testing/toast';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn() }));

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
/** The demo builder's machines with an online gateway, a LAN and services. */
const reachable = async () => (await demoMachines(maria)).filter(isReachable);

/**
 * A request on `machineId` (approved at once: Administrador) and, unless `download` is false, its profile (its
 * handshake not reported yet: no "Conectado" event, no traffic).
 */
async function connect(machineId: string, reason: string, download = true): Promise<string> {
  const session = await arrangeRemoteAccessRequest(machineId, reason, 1, maria);
  if (download) {
    // A key of its own: two open sessions never share one.
    await arrangeDownloadedProfile(session.id, undefined, maria);
    await arrangeHeldHandshake(session.id);
  }
  return session.id;
}

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(maria));
  vi.mocked(downloadFile).mockClear();
});

const renderScreen = (search = '') =>
  renderRoutes([{ path: portalPaths.remoteAccess, element: <RemoteAccessScreen currentUid={DEMO_CUSTOMER_UID} /> }], {
    path: `${portalPaths.remoteAccess}${search}`,
  });

describe('Histórico', { timeout: 20_000 }, () => {
  it('filters by event, machine and period in the URL, and exports every matching event as pt-BR CSV', async () => {
    const [first, second] = await reachable();
    if (!first || !second) throw new Error('the seed has two reachable machines');
    await connect(first.id, 'Ajuste de receita no CLP');
    await connect(second.id, 'Troca de parâmetro; turno B');
    const user = userEvent.setup();
    const { router } = renderScreen('?tab=historico');
    const table = await screen.findByRole('table', { name: 'Histórico de acesso remoto' });
    // The table shows its loading rows first: wait for the events'.
    await within(table).findByText('Ajuste de receita no CLP');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));

    await user.click(screen.getByRole('combobox', { name: 'Evento' }));
    await user.click(await screen.findByRole('option', { name: 'Perfil baixado' }));
    await waitFor(() => expect(router.state.location.search).toContain('kind=profile-downloaded'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Histórico de acesso remoto' })).getAllByRole('row')).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: 'Máquina' }));
    await user.click(await screen.findByRole('option', { name: second.name }));
    await waitFor(() => expect(router.state.location.search).toContain(`machine=${second.id}`));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Histórico de acesso remoto' })).getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    await user.click(await screen.findByRole('option', { name: 'Últimos 7 dias' }));
    await waitFor(() => expect(router.state.location.search).toContain('days=7'));
    expect(screen.getByRole('tab', { name: 'Histórico' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    const [name, content] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(name).toMatch(/^acesso-remoto-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = String(content).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Quando;Evento;Máquina;Pessoa;Por;Motivo;Sessão');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Perfil baixado;${second.name};`));
    await expectToast('1 evento exportado.');
  });

  it('the whole history in the CSV, a reason with ";" quoted', async () => {
    const [machine] = await reachable();
    if (!machine) throw new Error('the seed has a reachable machine');
    await connect(machine.id, 'Troca de parâmetro; turno B');
    const user = userEvent.setup();
    renderScreen('?tab=historico');
    await within(await screen.findByRole('table', { name: 'Histórico de acesso remoto' })).findAllByText('Troca de parâmetro; turno B');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    const lines = String(vi.mocked(downloadFile).mock.calls[0]?.[1]).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines.map((line) => line.split(';')[1])).toEqual(['Evento', 'Perfil baixado', 'Aprovado', 'Solicitado']);
    expect(lines[3]).toContain('"Troca de parâmetro; turno B"');
  });
});

describe('Ativos', { timeout: 20_000 }, () => {
  it('shows the traffic the node reports', async () => {
    const [machine] = await reachable();
    if (!machine) throw new Error('the seed has a reachable machine');
    const id = await connect(machine.id, 'Ajuste');
    // What the VPN node reported (the demo's simulated node makes it grow while the session is active).
    await testSql('UPDATE remote_access_session SET bytes_in = ?, bytes_out = ?, bytes_at = ? WHERE id = ?', [1536, 3 * 1024 * 1024, Date.now(), id]);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Acessos ativos' });
    expect(await within(table).findByText(/↓ 1,5 KB · .*↑ 3,0 MB/)).toBeVisible();
  });
});

describe('a machine’s page', { timeout: 20_000 }, () => {
  it('"Histórico de acesso" includes its remote-access sessions: person, reason, window and status', async () => {
    const [machine] = await reachable();
    if (!machine) throw new Error('the seed has a reachable machine');
    await connect(machine.id, 'Ajuste de receita no CLP');
    await connect(machine.id, 'Segundo pedido', false);
    renderRoutes(
      [{ path: portalPatterns.machine, element: <PermissionsProvider locks={locksOf('administrador')}><MachineScreen /></PermissionsProvider> }],
      { path: portalPaths.machine(machine.id) },
    );
    const history = (await screen.findByRole('heading', { name: 'Histórico de acesso' })).closest('section') as HTMLElement;
    const section = await within(history).findByRole('region', { name: 'Sessões de conexão remota' });
    const table = await within(section).findByRole('table', { name: 'Sessões de conexão remota da máquina' });
    // The table shows its loading rows first: wait for the sessions'.
    await within(table).findByText('Segundo pedido');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Segundo pedido');
    expect(rows[1]).toHaveTextContent('Aprovado (perfil não baixado)');
    expect(rows[1]).toHaveTextContent('Ainda não iniciada');
    expect(rows[2]).toHaveTextContent('Ajuste de receita no CLP');
    expect(rows[2]).toHaveTextContent('Encerrado');
    expect(rows[2]).toHaveTextContent(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} – \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(within(section).getByRole('link', { name: 'Ver eventos' })).toHaveAttribute(
      'href',
      `${portalPaths.remoteAccess}?tab=historico&machine=${machine.id}`,
    );
  });
});

describe('the dashboard’s "Acesso remoto"', { timeout: 20_000 }, () => {
  it('the sessions active now and the requests waiting, each list leading to its tab', async () => {
    const [machine] = await reachable();
    if (!machine) throw new Error('the seed has a reachable machine');
    await connect(machine.id, 'Ajuste de receita no CLP');
    renderRoutes([{ path: '/', element: <RemoteAccessDashboardPanel /> }]);
    const panel = await screen.findByRole('region', { name: 'Acesso remoto' });
    expect(await within(panel).findByRole('heading', { name: 'Ativos agora (1)' })).toBeVisible();
    expect(within(panel).getByText(machine.name, { exact: false })).toBeVisible();
    expect(within(panel).getByRole('heading', { name: 'Aguardando aprovação (0)' })).toBeVisible();
    expect(within(panel).getByText('Nenhuma solicitação aguardando.')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Ver ativos' })).toHaveAttribute('href', portalPaths.remoteAccess);
    expect(within(panel).getByRole('link', { name: 'Ver solicitações' })).toHaveAttribute('href', `${portalPaths.remoteAccess}?tab=solicitacoes`);
  });
});

describe('the policy', { timeout: 20_000 }, () => {
  it('a save over a stale version offers "Recarregar versão atual", which keeps the choice made over the newer policy', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <RemoteAccessPolicySection /> }]);
    const checkbox = await screen.findByRole('checkbox', { name: 'Exigir aprovação de um Administrador' });
    // Someone else saves first: the version shown is stale.
    await arrangePolicy({ requireApproval: false, maxDurationHours: 4, version: 2 });
    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(VERSION_CONFLICT_MESSAGE);
    await user.click(within(alert).getByRole('button', { name: 'Recarregar versão atual' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Recarregar versão atual' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Exigir aprovação de um Administrador' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect(await storedPolicy()).toMatchObject({ requireApproval: true, maxDurationHours: 4, version: 3 }));
  });
});
