// DataTable: its four states (loading, error, empty, rows) and its rows (links, selection, memo).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../data-table';
import { Router, withLinks, baseProps, renderTable, type Customer, CUSTOMERS } from './data-table-fixtures';

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
