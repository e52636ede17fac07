import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { callAsStaff } from '@/testing/backoffice-data';
import type { ApiPage } from '@/testing/demo-api';
import { testFaults } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import BackofficeDashboardScreen from '../screens/dashboard';

beforeEach(() => {
  setTokenProvider(async () => makeTestToken({ uid: 'demo-admin-rafael', email: 'admin@example.com', admin: true }));
});

describe('back-office dashboard', () => {
  it('shows each figure as a link to the list it counts, and the orders chart as text', async () => {
    renderWithProviders(<BackofficeDashboardScreen />);
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const waiting = (await callAsStaff<ApiPage<unknown>>('/backoffice/order?status=aguardando-pagamento')).meta.total;
    const byStatus = await screen.findByRole('region', { name: 'Pedidos por status' });
    const link = await within(byStatus).findByRole('link', { name: new RegExp(`Aguardando pagamento\\s*${waiting}`) });
    expect(link).toHaveAttribute('href', '/backoffice-orders?status=aguardando-pagamento');
    const platform = screen.getByRole('region', { name: 'Plataforma' });
    expect(within(platform).getByRole('link', { name: /Faturamento do mês\s*R\$/ })).toHaveAttribute('href', '/backoffice-orders?status=pago');
    expect(within(platform).getByRole('link', { name: /Usuários VPN ativos/ })).toHaveAttribute('href', '/backoffice-vpn-user?status=ativo');
    expect(screen.getByRole('table', { name: /Pedidos por dia nos últimos 14 dias/ })).toBeInTheDocument();
  }, 20_000);

  it('an API error says so with "Tentar novamente"', async () => {
    testFaults.set({ mode: '500', match: '/backoffice/dashboard' });
    renderWithProviders(<BackofficeDashboardScreen />);
    expect((await screen.findAllByRole('button', { name: 'Tentar novamente' }, { timeout: 15_000 })).length).toBeGreaterThan(0);
  }, 20_000);
});
