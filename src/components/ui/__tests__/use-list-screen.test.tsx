import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerListQuery, type Customer } from '@/contracts/customer';
import { customersApi } from '@/features/customers/api';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { server } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { DataTable, type Column } from '../data-table';
import { PermissionsProvider, type Locks } from '../permissions';
import { useListScreen, type StandardRowActions } from '../use-list-screen';

const token = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(token));
});

const COLUMNS: Column<Customer>[] = [
  { id: 'name', header: 'Razão social', sortKey: 'name', primary: true, cell: (customer) => customer.name },
  { id: 'city', header: 'Cidade', sortKey: 'city', cell: (customer) => customer.city },
];

/** What each render of the screen saw: its URL, the rows it showed and the DataTable props it passed. */
interface Seen {
  search: string;
  rows: readonly Customer[] | undefined;
  table: object;
}

/** A small customers list on the hook: rows, standard actions (with one extra) and a stand-in delete dialog. */
function CustomersScreen({ seen, extra, actions }: { seen: Seen[]; extra: () => void; actions?: Partial<StandardRowActions> }) {
  const location = useLocation();
  const { table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(customerListQuery, customersApi.endpoints.listCustomers);
  seen.push({ search: location.search, rows: table.rows, table });
  return (
    <>
      <DataTable
        caption="Clientes"
        columns={COLUMNS}
        {...table}
        getRowId={(customer) => customer.id}
        rowHref={(customer) => `/clientes/${customer.id}`}
        rowLabel={(customer) => customer.name}
        emptyState={{ title: 'Nenhum cliente cadastrado' }}
        rowActions={(customer) =>
          rowActions(customer, {
            view: `/clientes/${customer.id}`,
            edit: `/clientes/${customer.id}/editar`,
            extra: [{ label: 'Duplicar', onSelect: extra }],
            remove: { description: `${customer.machineCount} máquinas` },
            ...actions,
          })
        }
      />
      {toDelete ? (
        <div role="dialog" aria-label="Excluir cliente?">
          <p>{toDelete.name}</p>
          <button type="button" onClick={() => onDeleteOpenChange(false)}>
            Cancelar
          </button>
        </div>
      ) : null}
    </>
  );
}

function setup({ path = '/clientes', actions, locks = null }: { path?: string; actions?: Partial<StandardRowActions>; locks?: Locks | null } = {}) {
  const seen: Seen[] = [];
  const extra = vi.fn();
  const rendered = renderRoutes(
    [
      {
        path: '/clientes',
        element: (
          <PermissionsProvider locks={locks}>
            <CustomersScreen seen={seen} extra={extra} actions={actions} />
          </PermissionsProvider>
        ),
      },
      { path: '/clientes/:id', element: <p>Página do cliente</p> },
      { path: '/clientes/:id/editar', element: <p>Edição do cliente</p> },
    ],
    { path },
  );
  return { ...rendered, seen, extra, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Clientes' });
const firstRowName = () => within(table()).getAllByRole('row')[1]?.querySelector('[data-row-link]')?.textContent;

async function openMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Ações para ${name}` }));
  return screen.findByRole('menu');
}

const menuLabels = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('aria-label') ?? item.textContent);

describe('useListScreen', { timeout: 20_000 }, () => {
  it('lists the query’s rows with the standard actions, in order, and "Ver detalhes" / "Editar" open their pages', async () => {
    const { user, router, extra } = setup();
    await within(await screen.findByRole('table', { name: 'Clientes' })).findByRole('link', { name: 'Açúcar e Álcool Ribeirão Ltda' });
    const menu = await openMenu(user, 'Açúcar e Álcool Ribeirão Ltda');
    expect(menuLabels(menu)).toEqual(['Ver detalhes', 'Editar', 'Duplicar', 'Excluir']);
    const remove = within(menu).getByRole('menuitem', { name: 'Excluir' });
    expect(remove).toHaveAccessibleDescription(/máquinas$/);

    await user.click(within(menu).getByRole('menuitem', { name: 'Duplicar' }));
    await waitFor(() => expect(extra).toHaveBeenCalledTimes(1));

    await user.click(within(await openMenu(user, 'Açúcar e Álcool Ribeirão Ltda')).getByRole('menuitem', { name: 'Editar' }));
    expect(await screen.findByText('Edição do cliente')).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/clientes\/[^/]+\/editar$/);
    await act(() => router.navigate(-1));

    await user.click(within(await openMenu(user, 'Açúcar e Álcool Ribeirão Ltda')).getByRole('menuitem', { name: 'Ver detalhes' }));
    expect(await screen.findByText('Página do cliente')).toBeInTheDocument();
  });

  it('"Excluir" makes the row the delete target, and closing the dialog clears it; the table props stay the same object', async () => {
    const { user, seen } = setup();
    await within(await screen.findByRole('table', { name: 'Clientes' })).findByRole('link', { name: 'Açúcar e Álcool Ribeirão Ltda' });
    const before = seen.at(-1)?.table;
    await user.click(within(await openMenu(user, 'Açúcar e Álcool Ribeirão Ltda')).getByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir cliente?' });
    expect(dialog).toHaveTextContent('Açúcar e Álcool Ribeirão Ltda');
    // Renders for the delete target (not the list) hand DataTable the same props object.
    expect(seen.at(-1)?.table).toBe(before);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves out the actions not given, and locks "Editar" and "Excluir" with `need`', async () => {
    const { user } = setup({
      actions: { view: undefined, extra: [], need: 'purchase' },
      locks: { edit: null, purchase: 'Seu perfil não permite comprar.', team: null },
    });
    await within(await screen.findByRole('table', { name: 'Clientes' })).findByRole('link', { name: 'Açúcar e Álcool Ribeirão Ltda' });
    const menu = await openMenu(user, 'Açúcar e Álcool Ribeirão Ltda');
    expect(menuLabels(menu)).toEqual(['Editar', 'Excluir']);
    for (const name of ['Editar', 'Excluir']) {
      const item = within(menu).getByRole('menuitem', { name });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveAccessibleDescription('Seu perfil não permite comprar.');
    }
  });

  it('loads a sort’s rows before the URL changes: no render shows the new URL with the old rows', async () => {
    const { user, seen, router } = setup();
    await within(await screen.findByRole('table', { name: 'Clientes' })).findByRole('link', { name: 'Açúcar e Álcool Ribeirão Ltda' });
    const ascending = seen.at(-1)?.rows;
    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      requests.push(`${new URL(request.url).search} @ ${router.state.location.search}`);
    };
    server.events.on('request:start', onRequest);
    await user.click(within(screen.getByRole('columnheader', { name: 'Razão social' })).getByRole('button', { name: 'Razão social' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-name'));
    server.events.removeListener('request:start', onRequest);
    // The request left while the URL was still the old one.
    expect(requests).toEqual(['?sort=-name @ ']);
    const afterSort = seen.filter((render) => render.search === '?sort=-name');
    expect(afterSort.length).toBeGreaterThan(0);
    for (const render of afterSort) expect(render.rows).not.toBe(ascending);
    expect(firstRowName()).not.toBe('Açúcar e Álcool Ribeirão Ltda');
  });
});
