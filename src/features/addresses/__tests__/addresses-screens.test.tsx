import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { addressInUseMessage } from '@/contracts/address';
import { portalPatterns, portalPaths } from '@/config/paths';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { server, TEST_API_URL, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import AddressDetailScreen from '../screens/address-detail';
import AddressesListScreen from '../screens/addresses-list';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const newcomer = makeTestToken({ uid: 'demo-montadora-nova', email: 'compras@nova.exemplo.com.br' });

const routes = [
  { path: portalPaths.addresses, element: <AddressesListScreen /> },
  { path: portalPatterns.address, element: <AddressDetailScreen /> },
  { path: portalPaths.addressNew, element: <p>Novo endereço</p> },
];

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(maria));
});

const table = () => screen.getByRole('table', { name: 'Meus Endereços' });
const rowOf = (name: RegExp) => within(table()).getByRole('link', { name }).closest('tr') as HTMLElement;

describe('Meus Endereços', { timeout: 20_000 }, () => {
  it('lists the seeded addresses with the default marked "Padrão"', async () => {
    renderRoutes(routes, { path: portalPaths.addresses });
    await screen.findByRole('link', { name: /Fábrica/ });
    expect(within(rowOf(/Fábrica/)).getByText('Padrão')).toBeInTheDocument();
    expect(within(rowOf(/Escritório/)).queryByText('Padrão')).toBeNull();
    expect(within(rowOf(/Escritório/)).getByText('Avenida Paulista, 1578 — Conjunto 42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo endereço' })).toHaveAttribute('href', portalPaths.addressNew);
  });

  it('"Definir como padrão" moves the badge', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.addresses });
    await screen.findByRole('link', { name: /Escritório/ });
    await user.click(within(rowOf(/Escritório/)).getByRole('button', { name: 'Ações para Escritório' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Definir como padrão' }));
    await waitFor(() => expect(within(rowOf(/Escritório/)).getByText('Padrão')).toBeInTheDocument());
    expect(within(rowOf(/Fábrica/)).queryByText('Padrão')).toBeNull();
    const defaults = await testSql<{ id: string }>('SELECT id FROM address WHERE owner_uid = ? AND is_default = 1', [DEMO_CUSTOMER_UID]);
    expect(defaults.map((a) => a.id)).toEqual(['address-1002']);
  });

  it('deleting the factory is refused with the count of open orders, said in the dialog', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.addresses });
    await screen.findByRole('link', { name: /Fábrica/ });
    await user.click(within(rowOf(/Fábrica/)).getByRole('button', { name: 'Ações para Fábrica' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir endereço?' });
    expect(dialog).toHaveTextContent('É o seu endereço padrão');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    const [open] = await testSql<{ count: number }>(
      "SELECT COUNT(*) AS count FROM purchase_order WHERE address_id = 'address-1001' AND status NOT IN ('entregue', 'cancelado')",
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(addressInUseMessage(open?.count ?? 0));
    expect(await testSql("SELECT id FROM address WHERE id = 'address-1001'")).toEqual([{ id: 'address-1001' }]);
  });

  it('an account without addresses sees the empty state with the create button', async () => {
    setTokenProvider(() => Promise.resolve(newcomer));
    renderRoutes(routes, { path: portalPaths.addresses });
    expect(await screen.findByText('Nenhum endereço cadastrado')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Novo endereço' }).length).toBeGreaterThanOrEqual(1);
  });

  it('a failed list says so and "Tentar novamente" brings it back', async () => {
    let fail = true;
    server.use(
      http.get(`${TEST_API_URL}/address`, () =>
        fail ? HttpResponse.json({ error: { code: 'internal', message: 'Erro interno no servidor.' } }, { status: 500 }) : undefined,
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.addresses });
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('link', { name: /Fábrica/ })).toBeInTheDocument();
  });

  it("another builder's address is not found", async () => {
    renderRoutes(routes, { path: portalPaths.address('address-1003') });
    expect(await screen.findByRole('heading', { name: 'Endereço não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Meus Endereços' })).toHaveAttribute('href', portalPaths.addresses);
  });

  it('the detail page shows the address, its open orders and the default', async () => {
    renderRoutes(routes, { path: portalPaths.address('address-1001') });
    expect(await screen.findByRole('heading', { name: 'Fábrica', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Rua Lauro Vannucci')).toBeInTheDocument();
    expect(screen.getByText('Sim: já vem escolhido no checkout')).toBeInTheDocument();
    expect(screen.getByText(/pedidos? em aberto/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Definir como padrão' })).toBeNull();
  });
});
