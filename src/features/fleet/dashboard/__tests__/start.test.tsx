import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@/contracts/dashboard';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { call } from '@/testing/demo-api';
import { testSql } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { PermissionsProvider } from '@/components/ui/permissions';
import { onboardingSteps, progressLabel } from '../format';
import StartScreen from '../screens/start';

const NEW_UID = 'uid-montadora-nova';

function signInAs(uid: string) {
  setTokenProvider(async () => makeTestToken({ uid, email: `${uid}@exemplo.com.br` }));
}

const zero: DashboardSummary = {
  customers: 0,
  machineModels: 0,
  machines: 0,
  devices: { total: 0, online: 0, offline: 0, neverConnected: 0 },
  openOrders: 0,
};

describe('onboardingSteps', () => {
  it('four steps, each done from its own count; the gateway once one has ever connected', () => {
    expect(onboardingSteps(zero).map((s) => [s.id, s.done])).toEqual([
      ['customer', false],
      ['machine-model', false],
      ['machine', false],
      ['gateway', false],
    ]);
    const partial = { ...zero, customers: 2, machines: 1, devices: { total: 3, online: 0, offline: 0, neverConnected: 3 } };
    expect(onboardingSteps(partial).map((s) => s.done)).toEqual([true, false, true, false]);
    expect(progressLabel(onboardingSteps(partial))).toBe('2 de 4 concluídos');
    const offlineOnly = { ...zero, devices: { total: 1, online: 0, offline: 1, neverConnected: 0 } };
    expect(onboardingSteps(offlineOnly).at(-1)?.done).toBe(true);
    expect(progressLabel(onboardingSteps(offlineOnly))).toBe('1 de 4 concluído');
  });
});

describe('Início (/start)', () => {
  beforeEach(() => signInAs(NEW_UID));

  it('a brand-new account: 0 de 4, every step to do, each linking to where it is done', async () => {
    renderWithProviders(<StartScreen />, { path: '/start' });
    expect(screen.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
    expect(await screen.findByText('0 de 4 concluídos')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Progresso dos primeiros passos' })).toHaveAttribute('aria-valuenow', '0');
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    for (const step of steps) expect(within(step).getByText('A fazer')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cadastrar cliente' })).toHaveAttribute('href', '/customers/new');
    expect(screen.getByRole('link', { name: 'Cadastrar modelo' })).toHaveAttribute('href', '/machine-models/new');
    expect(screen.getByRole('link', { name: 'Cadastrar máquina' })).toHaveAttribute('href', '/machines/new');
    expect(screen.getByRole('link', { name: 'Configurar Conexão' })).toHaveAttribute('href', '/first-steps');
  });

  it('a role that may not change data (Leitura): each step to do says why instead of linking', async () => {
    const reason = 'Seu perfil (Leitura) não permite alterar dados.';
    renderWithProviders(
      <PermissionsProvider locks={{ edit: reason, purchase: reason, team: reason }}>
        <StartScreen />
      </PermissionsProvider>,
      { path: '/start' },
    );
    expect(await screen.findByText('0 de 4 concluídos')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Cadastrar cliente' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Configurar Conexão' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Sem permissão' })).toHaveLength(4);
  });

  it('steps done from real data: a customer and a model of the account → 2 de 4', async () => {
    // The new account registers a customer (one of the seed's, with its CNPJ) and a model, as its screens do.
    const [customer] = await testSql<{ name: string; cnpj: string }>('SELECT name, cnpj FROM customer WHERE owner_uid <> ? ORDER BY id LIMIT 1', [NEW_UID]);
    const [model] = await testSql<{ name: string }>('SELECT name FROM machine_model WHERE owner_uid <> ? ORDER BY id LIMIT 1', [NEW_UID]);
    if (!customer || !model) throw new Error('seed sem cliente ou modelo');
    const token = makeTestToken({ uid: NEW_UID, email: `${NEW_UID}@exemplo.com.br` });
    const create = (path: string, json: unknown) =>
      call(path, { token, method: 'POST', json, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect((await create('/customer', { name: customer.name, cnpj: customer.cnpj })).status).toBe(201);
    expect((await create('/machine-model', { name: model.name })).status).toBe(201);
    renderWithProviders(<StartScreen />, { path: '/start' });
    expect(await screen.findByText('2 de 4 concluídos')).toBeVisible();
    const [first, second, third, fourth] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('Concluído')).toBeVisible();
    expect(within(first as HTMLElement).getByRole('link', { name: 'Ver clientes' })).toHaveAttribute('href', '/customers');
    expect(within(second as HTMLElement).getByText('Concluído')).toBeVisible();
    expect(within(third as HTMLElement).getByText('A fazer')).toBeVisible();
    expect(within(fourth as HTMLElement).getByText('A fazer')).toBeVisible();
  });

  it('the demo builder has done all four', async () => {
    signInAs(DEMO_CUSTOMER_UID);
    renderWithProviders(<StartScreen />, { path: '/start' });
    expect(await screen.findByText('4 de 4 concluídos')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para o Dashboard' })).toHaveAttribute('href', '/');
  });
});
