import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  VPN_EXPIRY_PAST,
  VPN_EXPIRY_REQUIRED,
  VPN_NO_EXPIRY_WARNING,
  VPN_ROUTE_OVERLAP,
  toDateInput,
} from '@/contracts/vpn';
import { DEMO_ADMIN_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { formatDate, formatRelativeTime } from '@/lib/dates';
import { setTokenProvider } from '@/lib/api/token';
import { testFaults, testSql, TEST_NOW } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import VpnScreen from '../screens/vpn';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(admin));
});

/** The seed's VPN nodes, in id order. */
async function seededNodes() {
  return testSql<{ id: string; name: string; last_handshake_at: number | null }>('SELECT id, name, last_handshake_at FROM vpn_node ORDER BY id');
}

function renderVpn(path = '/backoffice-vpn-user') {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/backoffice-vpn-user', element: <VpnScreen /> }], { path });
  const search = () => view.router.state.location.search;
  return { user, search, ...view };
}

const usersTable = () => screen.getByRole('table', { name: 'Usuários VPN' });
const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`sem linha para ${text}`);
  return row;
};

describe('VPN (/backoffice-vpn-user)', { timeout: 30_000 }, () => {
  it('five tabs kept in the URL, moved by keyboard', async () => {
    const { user, search } = renderVpn();
    expect(screen.getByRole('heading', { name: 'VPN', level: 1 })).toBeVisible();
    const tabs = within(screen.getByRole('tablist', { name: 'Seções da VPN' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Usuários', 'Nós', 'Rotas', 'Sessões', 'Hubs']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await within(await screen.findByRole('table', { name: 'Usuários VPN' })).findByText('Carlos Henrique Prado');

    tabs[0]?.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(search()).toBe('?tab=nos'));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Nós' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: 'Nós' })).toHaveFocus();
    const nodes = await screen.findByRole('table', { name: 'Nós VPN' });
    // The seed's latest handshake was 2 minutes before its "now" (TEST_NOW); the page says it relative to today.
    const latest = Math.max(...(await seededNodes()).map((node) => node.last_handshake_at ?? 0));
    expect(latest).toBe(TEST_NOW - 2 * 60_000);
    const handshakes = await within(nodes).findAllByText((_, element) => element?.tagName === 'TIME');
    expect(handshakes.some((time) => time.textContent.startsWith(`${formatRelativeTime(latest, Date.now())} (`))).toBe(true);
    expect(within(nodes).getAllByText('Online').length).toBeGreaterThan(0);

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(search()).toBe('?tab=rotas'));
    expect(await screen.findByRole('table', { name: 'Rotas VPN' })).toBeVisible();
    await user.keyboard('{Home}');
    await waitFor(() => expect(search()).toBe(''));
  });

  it('opens on the tab the URL names, and a node’s route count links to its routes', async () => {
    const node = (await seededNodes())[0];
    const { user, search } = renderVpn(`/backoffice-vpn-user?tab=nos&q=${encodeURIComponent(node?.name ?? '')}`);
    expect(screen.getByRole('tab', { name: 'Nós' })).toHaveAttribute('aria-selected', 'true');
    const link = await screen.findByRole('link', { name: `2 rotas de ${node?.name ?? ''}` });
    await user.click(link);
    await waitFor(() => expect(search()).toBe(`?tab=rotas&node=${node?.id ?? ''}`));
    const routes = await screen.findByRole('table', { name: 'Rotas VPN' });
    await waitFor(() => expect(within(routes).getAllByRole('row')).toHaveLength(3));
    expect(within(routes).getByText('Desativada')).toBeVisible();
  });

  it('users: status badges; an expired user’s download is refused with the date, and "Renovar validade" opens the form', async () => {
    const { user } = renderVpn();
    const table = await screen.findByRole('table', { name: 'Usuários VPN' });
    await within(table).findByText('Carlos Henrique Prado');
    const expired = rowOf(table, 'Técnico terceirizado — Automax');
    expect(within(expired).getByText('Expirado')).toBeVisible();
    expect(within(rowOf(table, 'Estagiário 2025')).getByText('Desativado')).toBeVisible();
    expect(within(rowOf(table, 'Juliana Nakamura')).getByText('Sem expiração')).toBeVisible();

    await user.click(within(expired).getByRole('button', { name: 'Ações para Técnico terceirizado — Automax' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Baixar configuração' }));
    const [{ expires_at: expiredAt = 0 } = {}] = await testSql<{ expires_at: number }>('SELECT expires_at FROM vpn_user WHERE id = ?', ['vpn-user-1003']);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `Não foi possível baixar a configuração de Técnico terceirizado — Automax. Acesso expirado em ${formatDate(expiredAt)}. Renove a validade para baixar a configuração.`,
    );
    await user.click(within(alert).getByRole('button', { name: 'Renovar validade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário VPN' });
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Técnico terceirizado — Automax');
  });

  it('the user form: required fields, malformed e-mail, past expiry; "Sem expiração" only after confirming', async () => {
    const { user } = renderVpn();
    await user.click(screen.getByRole('button', { name: 'Novo usuário VPN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário VPN' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe o nome.')).toBeVisible();
    expect(within(dialog).getByText('Informe o e-mail.')).toBeVisible();
    expect(within(dialog).getByText(VPN_EXPIRY_REQUIRED)).toBeVisible();

    await user.type(within(dialog).getByLabelText('E-mail'), 'rodrigo@exemplo');
    await user.tab();
    expect(await within(dialog).findByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeVisible();
    const expiry = within(dialog).getByLabelText('Expira em');
    await user.type(expiry, toDateInput(new Date(Date.now() - 2 * 86_400_000)));
    await user.tab();
    expect(await within(dialog).findByText(VPN_EXPIRY_PAST)).toBeVisible();

    // "Sem expiração": asked first; "Cancelar" leaves it off.
    const noExpiry = within(dialog).getByRole('checkbox', { name: 'Sem expiração' });
    await user.click(noExpiry);
    const confirm = await screen.findByRole('alertdialog', { name: 'Liberar acesso sem expiração?' });
    expect(confirm).toHaveTextContent(VPN_NO_EXPIRY_WARNING);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(noExpiry).not.toBeChecked();
    await user.click(noExpiry);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Liberar sem expiração' }));
    expect(noExpiry).toBeChecked();
    expect(expiry).toBeDisabled();
    expect(within(dialog).queryByText(VPN_EXPIRY_PAST)).toBeNull();
  });

  it('creates a user with an expiry and two machines picked from every builder’s machines', async () => {
    const { user } = renderVpn();
    await user.click(screen.getByRole('button', { name: 'Novo usuário VPN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário VPN' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Rodrigo Alves');
    await user.type(within(dialog).getByLabelText('E-mail'), 'rodrigo.alves@oliveira.exemplo.com.br');
    await user.type(within(dialog).getByLabelText('Expira em'), toDateInput(new Date(Date.now() + 5 * 86_400_000)));
    const machines = within(dialog).getByRole('group', { name: 'Máquinas' });
    await user.type(within(machines).getByRole('searchbox', { name: 'Buscar máquinas' }), 'IH-450 #0');
    await user.click(await within(machines).findByRole('checkbox', { name: /^IH-450 #01/ }));
    await user.click(within(machines).getByRole('checkbox', { name: /^IH-450 #02/ }));
    expect(within(machines).getByText('2 máquinas escolhidas')).toBeVisible();
    expect(within(machines).getByRole('button', { name: 'Remover IH-450 #01' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo usuário VPN' })).toBeNull());
    const row = await waitFor(() => rowOf(usersTable(), 'Rodrigo Alves'));
    await within(row).findByText('IH-450 #01, IH-450 #02');
    expect(within(row).getByText('Ativo')).toBeVisible();
    expect(within(row).getByText('Expira em 5 dias')).toBeVisible();
    const [stored] = await testSql<{ machine_ids: string }>('SELECT machine_ids FROM vpn_user WHERE email = ?', ['rodrigo.alves@oliveira.exemplo.com.br']);
    expect(JSON.parse(stored?.machine_ids ?? '[]')).toHaveLength(2);
  });

  it('the VPN backend down: the list says the VPN service is unavailable, "Tentar novamente" brings it back', async () => {
    testFaults.set({ mode: '500', match: '/vpn-' });
    const { user } = renderVpn();
    expect(await screen.findByText('O serviço de VPN está indisponível no momento.')).toBeVisible();
    expect(screen.getByText('Erro interno no servidor. Tente novamente em instantes.')).toBeVisible();
    testFaults.set(null);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(await screen.findByRole('table', { name: 'Usuários VPN' })).findByText('Juliana Nakamura')).toBeVisible();
  });

  it('routes: an overlapping network is refused on its field; disable and enable a route', async () => {
    const node = (await seededNodes())[2];
    const { user } = renderVpn(`/backoffice-vpn-user?tab=rotas&node=${node?.id ?? ''}`);
    await user.click(await screen.findByRole('button', { name: 'Nova rota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova rota' });
    await waitFor(() => expect(within(dialog).getByLabelText('Nó')).toHaveValue(node?.id));
    const network = within(dialog).getByLabelText('Rede (CIDR)');
    await user.type(network, '10.0.0.1/8');
    await user.tab();
    expect(await within(dialog).findByText('Rede inválida.')).toBeVisible();
    await user.clear(network);
    await user.type(network, '10.0.0.0/8');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova rota' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Nova rota' }));
    const again = await screen.findByRole('dialog', { name: 'Nova rota' });
    await waitFor(() => expect(within(again).getByLabelText('Nó')).toHaveValue(node?.id));
    await user.type(within(again).getByLabelText('Rede (CIDR)'), '10.1.0.0/16');
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    expect(await within(again).findByText(VPN_ROUTE_OVERLAP)).toBeVisible();
    expect(within(again).getByLabelText('Rede (CIDR)')).toHaveFocus();
    await user.click(within(again).getByRole('button', { name: 'Cancelar' }));

    const routes = screen.getByRole('table', { name: 'Rotas VPN' });
    const row = await waitFor(() => rowOf(routes, '10.0.0.0/8'));
    await user.click(within(row).getByRole('button', { name: /^Ações para 10\.0\.0\.0\/8/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desativar' }));
    await waitFor(() => expect(within(rowOf(routes, '10.0.0.0/8')).getByText('Desativada')).toBeVisible());
    await user.click(within(rowOf(routes, '10.0.0.0/8')).getByRole('button', { name: /^Ações para 10\.0\.0\.0\/8/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    await waitFor(() => expect(within(rowOf(routes, '10.0.0.0/8')).getByText('Ativa')).toBeVisible());
  });
});
