import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { defineListQuery } from '@/contracts/common';
import { ConfirmDialog } from '../alert-dialog';
import { DataTable, type Column, type RowAction } from '../data-table';
import { StableLinksProvider } from '../stable-links';
import { useListState } from '../use-list-state';

/** A router with the stable links RootLayout gives the app (row links use them). */
function Router({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <StableLinksProvider>{children}</StableLinksProvider>
    </MemoryRouter>
  );
}

function withLinks(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <StableLinksProvider>
          <Outlet />
        </StableLinksProvider>
      ),
      children: routes,
    },
  ];
}

interface Customer {
  id: string;
  name: string;
  city: string;
  phone: string;
}

const CUSTOMERS: Customer[] = [
  { id: 'c1', name: 'Acme Ltda', city: 'Campinas', phone: '1933334444' },
  { id: 'c2', name: 'Beta Indústria', city: 'Joinville', phone: '4733335555' },
  { id: 'c3', name: 'Gama Metais', city: 'Contagem', phone: '3133336666' },
];

const COLUMNS: Column<Customer>[] = [
  { id: 'name', header: 'Razão social', sortKey: 'name', primary: true, cell: (c) => c.name },
  { id: 'city', header: 'Cidade', sortKey: 'city', cell: (c) => c.city },
  { id: 'phone', header: 'Telefone', hideOnMobile: true, cell: (c) => c.phone },
];

const countLabel = (n: number) => (n === 1 ? '1 cliente' : `${n} clientes`);

type Props = ComponentProps<typeof DataTable<Customer>>;

function baseProps(overrides: Partial<Props> = {}): Props {
  return {
    caption: 'Clientes',
    columns: COLUMNS,
    rows: CUSTOMERS,
    total: 3,
    getRowId: (c) => c.id,
    query: { sort: 'name', page: 1, perPage: 20 },
    onSort: vi.fn(),
    isLoading: false,
    isFetching: false,
    error: undefined,
    onRetry: vi.fn(),
    emptyState: { title: 'Nenhum cliente cadastrado', description: 'Cadastre o primeiro.', action: <button type="button">Novo cliente</button> },
    hasActiveSearch: false,
    onClearSearch: vi.fn(),
    countLabel,
    ...overrides,
  };
}

function renderTable(overrides: Partial<Props> = {}) {
  const props = baseProps(overrides);
  const result = render(
    <Router>
      <DataTable {...props} />
    </Router>,
  );
  return { ...result, props };
}

function mockPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: query.includes('max-width: 767px'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('DataTable: the four states', () => {
  it('loading: skeleton rows under the headers, busy, no empty state', () => {
    renderTable({ rows: undefined, total: undefined, isLoading: true, isFetching: true });
    const table = screen.getByRole('table', { name: 'Clientes' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Razão social', 'Cidade', 'Telefone']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 8);
    expect(screen.queryByText('Acme Ltda')).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhum cliente cadastrado')).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhum resultado')).not.toBeInTheDocument();
  });

  it('empty: the empty state with its create action, no table', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByRole('heading', { name: 'Nenhum cliente cadastrado' })).toBeInTheDocument();
    expect(screen.getByText('Cadastre o primeiro.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo cliente' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Limpar busca' })).not.toBeInTheDocument();
  });

  it('no results: "Nenhum resultado" and "Limpar busca" when a search or filter is active', () => {
    const { props } = renderTable({ rows: [], total: 0, hasActiveSearch: true });
    expect(screen.getByRole('heading', { name: 'Nenhum resultado' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhum cliente cadastrado')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo cliente' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(props.onClearSearch).toHaveBeenCalledTimes(1);
  });

  it('error: the API message in an alert and "Tentar novamente"', () => {
    const { props } = renderTable({ rows: undefined, total: undefined, error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Não foi possível carregar a lista.')).toBeInTheDocument();
    expect(
      within(alert).getByText('Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.'),
    ).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('error wins over stale rows and says the backend message', () => {
    renderTable({ error: { status: 500, data: { error: { code: 'internal', message: 'Falha no banco de dados.' } } } });
    expect(within(screen.getByRole('alert')).getByText('Falha no banco de dados.')).toBeInTheDocument();
    expect(screen.queryByText('Acme Ltda')).not.toBeInTheDocument();
  });
});

describe('DataTable: rows', () => {
  it('a read-only table (nothing focusable in it) is a focusable named region, so the keyboard can scroll it', () => {
    const { unmount } = renderTable({ onSort: undefined });
    const region = screen.getByRole('region', { name: 'Clientes' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
    unmount();
    renderTable();
    expect(screen.queryByRole('region', { name: 'Clientes' })).toBeNull();
  });

  it('shows rows with the primary cell as row header and link', () => {
    renderTable({ rowHref: (c) => `/customers/${c.id}` });
    const rows = within(screen.getByRole('table', { name: 'Clientes' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(screen.getByRole('rowheader', { name: 'Acme Ltda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Ltda' })).toHaveAttribute('href', '/customers/c1');
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  });

  it('a click elsewhere on the row follows its link', () => {
    const router = createMemoryRouter(
      withLinks([
        { path: '/customers', element: <DataTable {...baseProps({ rowHref: (c) => `/customers/${c.id}` })} /> },
        { path: '/customers/:id', element: <h1>Detalhe</h1> },
      ]),
      { initialEntries: ['/customers'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByText('Joinville'));
    expect(router.state.location.pathname).toBe('/customers/c2');
  });

  it('a row link carries the router basename and follows in the app; a modified click is the browser\'s', () => {
    const router = createMemoryRouter(
      withLinks([
        { path: '/customers', element: <DataTable {...baseProps({ rowHref: (c) => `/customers/${c.id}` })} /> },
        { path: '/customers/:id', element: <h1>Detalhe</h1> },
      ]),
      { initialEntries: ['/portal/customers'], basename: '/portal' },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Gama Metais' });
    expect(link).toHaveAttribute('href', '/portal/customers/c3');
    // Ctrl+click (a new tab): left to the browser, the app stays where it is.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe('/portal/customers');
    expect(fireEvent.click(link)).toBe(false);
    expect(router.state.location.pathname).toBe('/portal/customers/c3');
    expect(screen.getByRole('heading', { name: 'Detalhe' })).toBeInTheDocument();
  });

  it('onRowClick makes the primary cell a button', () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    fireEvent.click(screen.getByRole('button', { name: 'Gama Metais' }));
    fireEvent.click(screen.getByText('Campinas'));
    expect(onRowClick.mock.calls.map(([c]) => (c as Customer).id)).toEqual(['c3', 'c1']);
  });

  it('while refetching keeps the rows (dimmed, busy) with a progress bar, no skeleton', () => {
    renderTable({ isFetching: true });
    const table = screen.getByRole('table', { name: 'Clientes' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table).toHaveClass('opacity-60');
    expect(screen.getByText('Acme Ltda')).toBeInTheDocument();
    expect(screen.getByTestId('data-table-progress')).toBeInTheDocument();
  });

  it('announces the result count in a status region', async () => {
    const { rerender, props } = renderTable({ rows: undefined, total: undefined, isLoading: true });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    rerender(
      <Router>
        <DataTable {...props} rows={CUSTOMERS} total={45} isLoading={false} />
      </Router>,
    );
    await waitFor(() => expect(status).toHaveTextContent('45 clientes'));
    rerender(
      <Router>
        <DataTable {...props} rows={[]} total={0} isLoading={false} hasActiveSearch />
      </Router>,
    );
    await waitFor(() => expect(status).toHaveTextContent('0 clientes'));
  });

  it('renders the pagination from props, defaulting to the query and total', () => {
    const onPageChange = vi.fn();
    renderTable({ total: 45, query: { sort: 'name', page: 2, perPage: 20 }, pagination: { onPageChange, onPerPageChange: vi.fn() } });
    expect(screen.getByText('Mostrando 21–40 de 45')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('asks to clamp a page past the end instead of saying the list is empty', () => {
    const onPageOutOfRange = vi.fn();
    renderTable({ rows: [], total: 45, query: { sort: 'name', page: 9, perPage: 20 }, onPageOutOfRange });
    expect(onPageOutOfRange).toHaveBeenCalledWith(45);
    expect(screen.queryByText('Nenhum cliente cadastrado')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('selects rows and the whole page', () => {
    function Selectable() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <Router>
          <DataTable {...baseProps({ selection: { selected, onChange: setSelected } })} />
          <output>{[...selected].join(',')}</output>
        </Router>
      );
    }
    render(<Selectable />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Beta Indústria' }));
    expect(document.querySelector('output')).toHaveTextContent('c2');
    const all = screen.getByRole('checkbox', { name: 'Selecionar todos desta página' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(all);
    expect(document.querySelector('output')).toHaveTextContent('c2,c1,c3');
    fireEvent.click(all);
    expect(document.querySelector('output')).toHaveTextContent('');
  });
});

describe('DataTable: sorting', () => {
  it('marks the sorted header with aria-sort and the other sortable ones with none', () => {
    renderTable({ query: { sort: '-city', page: 1, perPage: 20 } });
    expect(screen.getByRole('columnheader', { name: 'Cidade' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Razão social' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Telefone' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Telefone' })).queryByRole('button')).toBeNull();
  });

  it('toggles through the URL with useListState: name → -name → name', () => {
    const contract = defineListQuery<'name' | 'city'>({ sortKeys: ['name', 'city'], defaultSort: 'name' });
    function Screen() {
      const list = useListState(contract);
      return <DataTable {...baseProps({ query: list.query, onSort: list.setSort })} />;
    }
    const router = createMemoryRouter(withLinks([{ path: '/', element: <Screen /> }]));
    render(<RouterProvider router={router} />);
    const header = () => screen.getByRole('columnheader', { name: 'Razão social' });
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(header()).getByRole('button', { name: 'Razão social' }));
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?sort=-name');
    fireEvent.click(within(header()).getByRole('button', { name: 'Razão social' }));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Cidade' })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: 'Cidade' })).toHaveAttribute('aria-sort', 'ascending');
    expect(header()).toHaveAttribute('aria-sort', 'none');
  });
});

describe('DataTable: row actions', () => {
  it('has a menu per row named after the row, and runs the chosen action', async () => {
    const user = userEvent.setup();
    const edit = vi.fn();
    const remove = vi.fn();
    const actions = (c: Customer): RowAction[] => [
      { label: 'Editar', onSelect: () => edit(c.id) },
      { label: 'Excluir', tone: 'danger', description: '2 máquinas', onSelect: () => remove(c.id) },
    ];
    renderTable({ rowActions: actions, rowLabel: (c) => c.name });
    expect(screen.getAllByRole('button', { name: /^Ações para / })).toHaveLength(3);
    const trigger = screen.getByRole('button', { name: 'Ações para Beta Indústria' });
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.getAttribute('aria-label') ?? item.textContent)).toEqual([
      'Editar',
      'Excluir',
    ]);
    const removeItem = within(menu).getByRole('menuitem', { name: 'Excluir' });
    expect(removeItem).toHaveAccessibleDescription('2 máquinas');
    expect(removeItem).toHaveClass('text-red-700');
    await user.click(removeItem);
    await waitFor(() => expect(remove).toHaveBeenCalledWith('c2'));
    expect(edit).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: trigger.getAttribute('aria-label') ?? '' })).toHaveFocus());
  });

  it('rows that re-render only when what they show changes still run the latest actions and show new links', async () => {
    const user = userEvent.setup();
    const before = vi.fn();
    const after = vi.fn();
    const props = baseProps({ rowLabel: (c) => c.name, rowHref: (c) => `/customers/${c.id}` });
    const actionsWith = (run: (id: string) => void) => (c: Customer): RowAction[] => [{ label: 'Editar', onSelect: () => run(c.id) }];
    const view = render(
      <Router>
        <DataTable {...props} rowActions={actionsWith(before)} />
      </Router>,
    );
    // The screen renders again (a new closure, same rows, dimmed while the next page loads).
    view.rerender(
      <Router>
        <DataTable {...props} isFetching rowActions={actionsWith(after)} />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'Ações para Acme Ltda' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    await waitFor(() => expect(after).toHaveBeenCalledWith('c1'));
    expect(before).not.toHaveBeenCalled();

    // What a row shows changes (its link, an action's state, a column's cell): the rows follow.
    view.rerender(
      <Router>
        <DataTable
          {...props}
          rowHref={(c) => `/clientes/${c.id}`}
          columns={COLUMNS.map((column) => (column.primary ? { ...column, cell: (c: Customer) => `${c.name} (ativo)` } : column))}
          rowActions={(c) => [{ label: 'Editar', disabled: true, description: 'Sem permissão', onSelect: () => after(c.id) }]}
        />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Acme Ltda (ativo)' })).toHaveAttribute('href', '/clientes/c1');
    await user.click(screen.getByRole('button', { name: 'Ações para Acme Ltda' }));
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toHaveAttribute('data-disabled');
  });

  it('an action that opens a confirmation dialog: the dialog gets the focus and gives it back to the row menu', async () => {
    const user = userEvent.setup();
    function Screen() {
      const [toDelete, setToDelete] = useState<Customer | null>(null);
      return (
        <Router>
          <DataTable {...baseProps({ rowActions: (c) => [{ label: 'Excluir', tone: 'danger', onSelect: () => setToDelete(c) }] })} />
          <ConfirmDialog
            open={toDelete !== null}
            onOpenChange={(open) => (open ? undefined : setToDelete(null))}
            title={`Excluir ${toDelete?.name ?? ''}?`}
            tone="danger"
            onConfirm={() => undefined}
          />
        </Router>
      );
    }
    render(<Screen />);
    const trigger = screen.getByRole('button', { name: 'Ações para Gama Metais' });
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    await screen.findByRole('alertdialog', { name: 'Excluir Gama Metais?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: trigger.getAttribute('aria-label') ?? '' })).toHaveFocus());
  });

  it('names the menu after the primary cell text when there is no rowLabel', () => {
    renderTable({ rowActions: () => [{ label: 'Editar', onSelect: () => undefined }] });
    expect(screen.getByRole('button', { name: 'Ações para Acme Ltda' })).toBeInTheDocument();
  });
});

describe('DataTable on a phone (below 768 px)', () => {
  it('shows cards: primary column as title link, the others as label/value pairs, actions in the card', () => {
    mockPhone();
    renderTable({
      rowHref: (c) => `/customers/${c.id}`,
      rowActions: () => [{ label: 'Editar', onSelect: () => undefined }],
    });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Clientes' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const first = cards[0];
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('link', { name: 'Acme Ltda' })).toHaveAttribute('href', '/customers/c1');
    expect(within(first).getByRole('term')).toHaveTextContent('Cidade');
    expect(within(first).getByRole('definition')).toHaveTextContent('Campinas');
    expect(within(first).queryByText('Telefone')).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Ações para Acme Ltda' })).toBeInTheDocument();
  });

  it('sorts with a select and a direction button', () => {
    mockPhone();
    const { props } = renderTable();
    const select = screen.getByLabelText('Ordenar por');
    expect(select).toHaveValue('name');
    fireEvent.change(select, { target: { value: 'city' } });
    expect(props.onSort).toHaveBeenLastCalledWith('city');
    fireEvent.click(screen.getByRole('button', { name: 'Crescente' }));
    expect(props.onSort).toHaveBeenLastCalledWith('name');
  });

  it('cards that re-render only when what they show changes still run the latest actions and show new links', async () => {
    mockPhone();
    const user = userEvent.setup();
    const before = vi.fn();
    const after = vi.fn();
    const props = baseProps({ rowLabel: (c) => c.name, rowHref: (c) => `/customers/${c.id}` });
    const actionsWith = (run: (id: string) => void) => (c: Customer): RowAction[] => [{ label: 'Editar', onSelect: () => run(c.id) }];
    const view = render(
      <Router>
        <DataTable {...props} rowActions={actionsWith(before)} />
      </Router>,
    );
    view.rerender(
      <Router>
        <DataTable {...props} isFetching rowActions={actionsWith(after)} />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'Ações para Beta Indústria' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    await waitFor(() => expect(after).toHaveBeenCalledWith('c2'));
    expect(before).not.toHaveBeenCalled();

    // Other records in the same places (the next page): each card shows its new record, link and menu.
    const next: Customer[] = [{ id: 'c9', name: 'Delta Plásticos', city: 'Manaus', phone: '9233334444' }];
    view.rerender(
      <Router>
        <DataTable {...props} rows={next} total={1} rowHref={(c) => `/clientes/${c.id}`} rowActions={actionsWith(after)} />
      </Router>,
    );
    const cards = within(screen.getByRole('list', { name: 'Clientes' })).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Delta Plásticos' })).toHaveAttribute('href', '/clientes/c9');
    expect(within(cards[0] as HTMLElement).getByRole('definition')).toHaveTextContent('Manaus');
    await user.click(screen.getByRole('button', { name: 'Ações para Delta Plásticos' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    await waitFor(() => expect(after).toHaveBeenCalledWith('c9'));
  });

  it('shows skeleton cards while loading', () => {
    mockPhone();
    renderTable({ rows: undefined, total: undefined, isLoading: true });
    const list = screen.getByRole('list', { name: 'Clientes' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });
});
