/**
 * Clientes, screen by screen, against the unit tests' API (the real Workers on the demo seed, src/testing/workers): the test a new
 * CRUD resource copies (docs/backend.md, "Adding a resource").
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_DUPLICATE_CNPJ, CUSTOMER_FACTORY_APPROVAL_NEEDS_EMAIL } from '@/contracts/customer';
import { portalPatterns, portalPaths } from '@/config/paths';
import { setTokenProvider } from '@/lib/api/token';
import { cnpjFromBase, DEMO_CUSTOMER_UID } from '@/seed/utils';
import { makeTestToken } from '@/testing/test-token';
import { testSql } from '@/testing/msw-server';
import { demoCustomers } from '@/testing/remote-access-data';
import { renderRoutes } from '@/testing/render';
import CustomerDetailScreen from '../screens/customer-detail';
import CustomerNewScreen from '../screens/customer-new';
import CustomersListScreen from '../screens/customers-list';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const newcomer = makeTestToken({ uid: 'demo-montadora-nova', email: 'compras@nova.exemplo.com.br' });

const routes = [
  { path: portalPaths.customers, element: <CustomersListScreen /> },
  { path: portalPaths.customerNew, element: <CustomerNewScreen /> },
  { path: portalPatterns.customer, element: <CustomerDetailScreen /> },
];

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(maria));
});

const table = () => screen.getByRole('table', { name: 'Clientes' });
const rowOf = (name: string) => within(table()).getByRole('link', { name }).closest('tr') as HTMLElement;

/** The demo builder's customers named `name`, as stored. */
const storedNamed = (name: string) =>
  testSql<{ id: string; requireFactoryApproval: number }>(
    'SELECT id, require_factory_approval AS requireFactoryApproval FROM customer WHERE owner_uid = ? AND name = ?',
    [DEMO_CUSTOMER_UID, name],
  );

describe('Clientes', { timeout: 20_000 }, () => {
  it("lists the account's customers, and only those", async () => {
    renderRoutes(routes, { path: portalPaths.customers });
    await screen.findByRole('link', { name: 'Alimentos Serra Gaúcha S.A.' });
    expect(within(rowOf('Alimentos Serra Gaúcha S.A.')).getByText('Caxias do Sul / RS')).toBeInTheDocument();
    // The other builder's customer (customer-1101) is never listed.
    expect(screen.queryByRole('link', { name: 'Laticínios Montanha Ltda' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Novo cliente' })[0]).toHaveAttribute('href', portalPaths.customerNew);
  });

  it('creates a customer and opens its page', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.customerNew });
    await user.type(screen.getByLabelText(/^Razão social/), 'Conservas Vale do São Francisco Ltda');
    await user.type(screen.getByLabelText(/^CNPJ/), cnpjFromBase('112233440001'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { name: 'Conservas Vale do São Francisco Ltda', level: 1 })).toBeInTheDocument();
    expect(await storedNamed('Conservas Vale do São Francisco Ltda')).toHaveLength(1);
  });

  it('"Exigir aprovação da fábrica": off by default, needs the e-mail, shown on the page', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.customerNew });
    const box = screen.getByRole('checkbox', { name: 'Exigir aprovação da fábrica' });
    expect(box).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Razão social/), 'Frigorífico Aprovação Ltda');
    await user.type(screen.getByLabelText(/^CNPJ/), cnpjFromBase('556677880001'));
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(CUSTOMER_FACTORY_APPROVAL_NEEDS_EMAIL)).toBeVisible();
    await user.type(screen.getByLabelText(/^E-mail/), 'manutencao@aprovacao.exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { name: 'Frigorífico Aprovação Ltda', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^Exigida: cada acesso remoto espera a fábrica autorizar/)).toBeVisible();
    expect(await storedNamed('Frigorífico Aprovação Ltda')).toMatchObject([{ requireFactoryApproval: 1 }]);
  });

  it('says in pt-BR what is missing, before any request', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.customerNew });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a razão social.')).toBeVisible();
  });

  it("shows the server's refusal of a CNPJ already registered on its field", async () => {
    const user = userEvent.setup();
    const [taken] = await demoCustomers(maria);
    if (!taken) throw new Error('the seed has customers of the demo builder');
    renderRoutes(routes, { path: portalPaths.customerNew });
    await user.type(screen.getByLabelText(/^Razão social/), 'Outra Razão Social Ltda');
    await user.type(screen.getByLabelText(/^CNPJ/), taken.cnpj);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(CUSTOMER_DUPLICATE_CNPJ)).toBeVisible();
  });

  it('deletes a customer without machines after the confirmation', async () => {
    const user = userEvent.setup();
    const free = (await demoCustomers(maria)).find((customer) => customer.machineCount === 0);
    if (!free) throw new Error('the seed has a customer without machines');
    renderRoutes(routes, { path: `${portalPaths.customers}?q=${encodeURIComponent(free.name)}` });
    await screen.findByRole('link', { name: free.name });
    await user.click(within(rowOf(free.name)).getByRole('button', { name: `Ações para ${free.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir cliente?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: free.name })).toBeNull());
    expect(await testSql('SELECT id FROM customer WHERE id = ?', [free.id])).toHaveLength(0);
  });

  it('an account without customers sees the empty state', async () => {
    setTokenProvider(() => Promise.resolve(newcomer));
    renderRoutes(routes, { path: portalPaths.customers });
    expect(await screen.findByText('Nenhum cliente cadastrado')).toBeInTheDocument();
  });

  it("another builder's customer is not found", async () => {
    renderRoutes(routes, { path: portalPaths.customer('customer-1101') });
    expect(await screen.findByRole('heading', { name: 'Cliente não encontrado' })).toBeInTheDocument();
  });
});
