import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../data-table';
import { ListBlock } from '../list-block';
import type { ListTableProps } from '../list-table';
import { SearchInput } from '../search-input';
import { SimpleSelect } from '../select';
import { COLUMNS, countLabel, CUSTOMERS, Router, type Customer } from './data-table-fixtures';

const UF_OPTIONS = [
  { value: '', label: 'Todas as UFs' },
  { value: 'SP', label: 'SP' },
];

function fakeList(q = '') {
  return { query: { q }, setSearch: vi.fn<(q: string) => void>() };
}

function fakeTable(overrides: Partial<ListTableProps<Customer, string>> = {}): ListTableProps<Customer, string> {
  return {
    rows: CUSTOMERS,
    total: 3,
    query: { sort: 'name', page: 1, perPage: 20 },
    onSort: vi.fn(),
    isLoading: false,
    isFetching: false,
    error: undefined,
    onRetry: vi.fn(),
    hasActiveSearch: false,
    onPageOutOfRange: vi.fn(),
    onClearSearch: vi.fn(),
    pagination: { onPageChange: vi.fn(), onPerPageChange: vi.fn() },
    ...overrides,
  };
}

const emptyState = { title: 'Nenhum cliente cadastrado' };

/** The markup without React's generated ids (two renders number them apart). */
function markup(container: HTMLElement): string {
  return container.innerHTML.replace(/_r_[0-9a-z]+_/g, 'ID');
}

describe('ListBlock', () => {
  it('renders the same markup as the toolbar and DataTable a list screen wrote by hand', () => {
    const list = fakeList('acme');
    const table = fakeTable();
    // What the screen gives DataTable besides the list's props.
    const props = {
      caption: 'Clientes',
      columns: COLUMNS,
      getRowId: (c: Customer) => c.id,
      rowHref: (c: Customer) => `/clientes/${c.id}`,
      emptyState,
      countLabel,
    };
    const byHand = render(
      <Router>
        <section>
          <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <SearchInput
              className="sm:max-w-md sm:flex-1"
              label="Buscar clientes"
              placeholder="Razão social ou CNPJ"
              value={list.query.q}
              onSearch={list.setSearch}
            />
            <SimpleSelect aria-label="Filtrar por UF" className="sm:w-44" value="" onValueChange={vi.fn()} options={UF_OPTIONS} />
          </div>
          <DataTable {...table} {...props} />
        </section>
      </Router>,
    );
    const expected = markup(byHand.container);
    byHand.unmount();

    const { container } = render(
      <Router>
        <section>
          <ListBlock
            list={list}
            table={table}
            search={{ label: 'Buscar clientes', placeholder: 'Razão social ou CNPJ' }}
            filters={<SimpleSelect aria-label="Filtrar por UF" className="sm:w-44" value="" onValueChange={vi.fn()} options={UF_OPTIONS} />}
            {...props}
          />
        </section>
      </Router>,
    );
    expect(markup(container)).toBe(expected);
    expect(screen.getByRole('table', { name: 'Clientes' })).toBeInTheDocument();
  });

  it('shows the list search and sets it; filters and actions follow the box, in the classes given', () => {
    const list = fakeList('beta');
    const { container } = render(
      <Router>
        <ListBlock
          list={list}
          table={fakeTable()}
          toolbarClassName="mb-4 space-y-3"
          search={{ label: 'Buscar clientes', placeholder: 'Razão social', className: 'sm:max-w-md' }}
          filters={<button type="button">Filtro</button>}
          actions={<button type="button">Exportar CSV</button>}
          caption="Clientes"
          columns={COLUMNS}
          getRowId={(c) => c.id}
          emptyState={emptyState}
        />
      </Router>,
    );
    const box = screen.getByRole('searchbox', { name: 'Buscar clientes' });
    expect(box).toHaveValue('beta');
    expect(box).toHaveAttribute('placeholder', 'Razão social');
    fireEvent.change(box, { target: { value: 'gama' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(list.setSearch).toHaveBeenCalledWith('gama');

    const toolbar = container.firstElementChild as HTMLElement;
    expect(toolbar).toHaveAttribute('class', 'mb-4 space-y-3');
    expect(toolbar.firstElementChild).toHaveAttribute('class', 'min-w-0 sm:max-w-md');
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Limpar campo de busca', 'Filtro', 'Exportar CSV']);
  });

  it('passes a table prop given over the list one (Pedidos keeps its rows undimmed while a change waits)', () => {
    render(
      <Router>
        <ListBlock
          list={fakeList()}
          table={fakeTable({ isFetching: true })}
          isFetching={false}
          search={{ label: 'Buscar pedidos', placeholder: 'Número do pedido' }}
          caption="Pedidos"
          columns={COLUMNS}
          getRowId={(c) => c.id}
          emptyState={emptyState}
        />
      </Router>,
    );
    expect(screen.getByRole('table', { name: 'Pedidos' })).not.toHaveAttribute('aria-busy');
    expect(screen.queryByTestId('data-table-progress')).not.toBeInTheDocument();
  });
});
