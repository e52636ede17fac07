import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { testFaults, testSql } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { dayLabels } from '@/lib/day-labels';
import { formatDuration } from '../format';
import DashboardScreen from '../screens/dashboard';

function signInAs(uid: string) {
  setTokenProvider(async () => makeTestToken({ uid, email: `${uid}@exemplo.com.br` }));
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('dashboard formats', () => {
  it('pt-BR day labels from the API’s calendar days', () => {
    expect(dayLabels('2026-11-20')).toEqual({ short: 'sex.', dayMonth: '20/11', long: 'sexta-feira, 20/11' });
  });

  it('durations', () => {
    const start = new Date(Date.UTC(2026, 10, 22, 10, 0));
    expect(formatDuration(start, new Date(start.getTime() + 8 * 60_000))).toBe('8 min');
    expect(formatDuration(start, new Date(start.getTime() + 65 * 60_000))).toBe('1 h 05 min');
    expect(formatDuration(start, new Date(start.getTime() + 120 * 60_000))).toBe('2 h');
    expect(formatDuration(start, null)).toBe('Em andamento');
  });
});

describe('Dashboard (/)', () => {
  beforeEach(() => signInAs(DEMO_CUSTOMER_UID));

  it('cards with the counts link to the filtered lists; both charts; the latest connections', async () => {
    const counts = await testSql<{ status: string; count: number }>(
      'SELECT status, COUNT(*) AS count FROM device WHERE owner_uid = ? GROUP BY status',
      [DEMO_CUSTOMER_UID],
    );
    const gateways = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
    const online = gateways('online');
    const [customers] = await testSql<{ count: number }>('SELECT COUNT(*) AS count FROM customer WHERE owner_uid = ?', [DEMO_CUSTOMER_UID]);
    renderWithProviders(<DashboardScreen />);
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const cards = await within(panel('Resumo da frota')).findAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['Máquinas 60', '/machines'],
      [`Clientes ${customers?.count}`, '/customers'],
      [`Gateways online ${online}`, '/devices?status=online'],
      [`Gateways offline ${gateways('offline')}`, '/devices?status=offline'],
      [`Nunca conectados ${gateways('never-connected')}`, '/devices?status=never-connected'],
      ['Pedidos em aberto 3', '/orders/'],
    ]);
    expect(within(panel('Status dos gateways')).getByRole('img')).toHaveAccessibleName(
      new RegExp(`^Status dos gateways: Online: ${online}; .*total: 70 gateways\\.$`),
    );
    const perDay = panel('Conexões por dia');
    expect(await within(perDay).findByRole('img')).toHaveAccessibleName(/^Conexões por dia nos últimos 7 dias: .+ Total: \d+ conex/);
    expect(within(perDay).getAllByRole('row')).toHaveLength(8);
    expect(within(panel('Últimas conexões')).getAllByRole('listitem')).toHaveLength(5);
    // Gateways are online: no call to action.
    expect(screen.queryByRole('link', { name: 'Configurar Conexão' })).toBeNull();
  });

  it('a failing panel shows its error and "Tentar novamente" while the others show; the retry brings it back', async () => {
    testFaults.set({ mode: '500', match: '/dashboard/connections' });
    renderWithProviders(<DashboardScreen />);
    const perDay = panel('Conexões por dia');
    const alert = await within(perDay).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Erro interno no servidor. Tente novamente em instantes.');
    expect(within(panel('Últimas conexões')).getByRole('alert')).toBeVisible();
    // The other panels answer on their own: waited for, not assumed loaded with the failing one.
    expect(await within(panel('Resumo da frota')).findAllByRole('link')).toHaveLength(6);
    expect(await within(panel('Status dos gateways')).findByRole('img')).toBeVisible();

    testFaults.set(null);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(within(perDay).getByRole('img')).toBeVisible());
    expect(within(panel('Últimas conexões')).queryByRole('alert')).toBeNull();
  });

  it('a new account: zeros, "Configurar Conexão" to /first-steps and its first steps', async () => {
    signInAs('uid-montadora-nova');
    renderWithProviders(<DashboardScreen />);
    const cta = await screen.findByRole('region', { name: 'Nenhum gateway online' });
    expect(within(cta).getByRole('link', { name: 'Configurar Conexão' })).toHaveAttribute('href', '/first-steps');
    expect(within(cta).getByRole('link', { name: 'Primeiros passos (0 de 4 concluídos)' })).toHaveAttribute('href', '/start');
    expect(within(panel('Status dos gateways')).getByText(/Nenhum gateway nesta conta ainda/)).toBeVisible();
    expect(await within(panel('Últimas conexões')).findByText(/Nenhuma conexão ainda/)).toBeVisible();
    expect(within(panel('Conexões por dia')).getByRole('img')).toHaveAccessibleName(/Total: 0 conexões\.$/);
  });
});
