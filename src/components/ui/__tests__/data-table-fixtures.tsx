// The data table tests' shared pieces: a router with stable links, three customers, their columns and the props.
import { render } from '@testing-library/react';
import { type ComponentProps, type ReactNode } from 'react';
import { MemoryRouter, Outlet, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { makeMediaQueryList } from '@/testing/match-media';
import { DataTable, type Column } from '../data-table';
import { StableLinksProvider } from '../stable-links';

/** A router with the stable links RootLayout gives the app (row links use them). */
export function Router({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <StableLinksProvider>{children}</StableLinksProvider>
    </MemoryRouter>
  );
}

export function withLinks(routes: RouteObject[]): RouteObject[] {
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

export interface Customer {
  id: string;
  name: string;
  city: string;
  phone: string;
}

export const CUSTOMERS: Customer[] = [
  { id: 'c1', name: 'Acme Ltda', city: 'Campinas', phone: '1933334444' },
  { id: 'c2', name: 'Beta Indústria', city: 'Joinville', phone: '4733335555' },
  { id: 'c3', name: 'Gama Metais', city: 'Contagem', phone: '3133336666' },
];

export const COLUMNS: Column<Customer>[] = [
  { id: 'name', header: 'Razão social', sortKey: 'name', primary: true, cell: (c) => c.name },
  { id: 'city', header: 'Cidade', sortKey: 'city', cell: (c) => c.city },
  { id: 'phone', header: 'Telefone', hideOnMobile: true, cell: (c) => c.phone },
];

export const countLabel = (n: number) => (n === 1 ? '1 cliente' : `${n} clientes`);

export type Props = ComponentProps<typeof DataTable<Customer>>;

export function baseProps(overrides: Partial<Props> = {}): Props {
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

export function renderTable(overrides: Partial<Props> = {}) {
  const props = baseProps(overrides);
  const result = render(
    <Router>
      <DataTable {...props} />
    </Router>,
  );
  return { ...result, props };
}

export function mockPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => makeMediaQueryList(query, query.includes('max-width: 767px')));
}
