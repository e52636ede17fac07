import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OnOffBadge } from '../badge';
import { enableToggleAction, filterSelectProps, listTableProps, type ListQueryResult } from '../list-table';
import type { ListState } from '../use-list-state';

type Filters = { status: 'enabled' | 'disabled'; kind: string };

function fakeList(filters: Partial<Filters> = {}, hasActiveSearch = false, pending = false): ListState<'name', Filters> {
  return {
    query: { q: '', sort: 'name', page: 2, perPage: 20, filters },
    hasActiveSearch,
    setSearch: vi.fn(),
    setSort: vi.fn(),
    setFilter: vi.fn(),
    setPage: vi.fn(),
    preloadPage: vi.fn(),
    setPerPage: vi.fn(),
    clearSearch: vi.fn(),
    clampPage: vi.fn(),
    pending,
  };
}

describe('listTableProps', () => {
  it('wires the list state and the query result into the DataTable props', () => {
    const list = fakeList({ status: 'enabled' }, true);
    const result: ListQueryResult<{ id: string }> = {
      data: { data: [{ id: 'a' }], meta: { total: 21 } },
      isLoading: false,
      isFetching: true,
      error: { status: 500 },
      refetch: vi.fn(),
    };
    const props = listTableProps(list, result);
    expect(props).toMatchObject({
      rows: [{ id: 'a' }],
      total: 21,
      query: list.query,
      onSort: list.setSort,
      isLoading: false,
      isFetching: true,
      error: { status: 500 },
      hasActiveSearch: true,
      onPageOutOfRange: list.clampPage,
      onClearSearch: list.clearSearch,
      pagination: { onPageChange: list.setPage, onPerPageChange: list.setPerPage, onPageIntent: list.preloadPage },
    });
    props.onRetry();
    expect(result.refetch).toHaveBeenCalledTimes(1);
  });

  it('has no rows nor total before the first answer', () => {
    const props = listTableProps(fakeList(), { isLoading: true, isFetching: true, refetch: vi.fn() });
    expect(props.rows).toBeUndefined();
    expect(props.total).toBeUndefined();
    expect(props.isLoading).toBe(true);
  });
});

describe('filterSelectProps', () => {
  it("shows the filter's value, '' when unset, and removes it when '' is chosen", () => {
    const list = fakeList({ status: 'disabled' });
    const status = filterSelectProps(list, 'status');
    expect(status.value).toBe('disabled');
    expect(filterSelectProps(list, 'kind').value).toBe('');
    status.onValueChange('enabled');
    status.onValueChange('');
    expect(list.setFilter).toHaveBeenNthCalledWith(1, 'status', 'enabled');
    expect(list.setFilter).toHaveBeenNthCalledWith(2, 'status', null);
  });
});

describe('enableToggleAction', () => {
  it('"Desativar" for an enabled row, "Ativar" otherwise; each asks for the other state', () => {
    const toggle = vi.fn();
    const off = enableToggleAction(true, toggle);
    const on = enableToggleAction(false, toggle, { disabled: true, description: 'Plataforma inativa' });
    expect(off).toEqual({ label: 'Desativar', onSelect: expect.any(Function) });
    expect(on).toEqual({ label: 'Ativar', onSelect: expect.any(Function), disabled: true, description: 'Plataforma inativa' });
    off.onSelect();
    on.onSelect();
    expect(toggle.mock.calls).toEqual([[false], [true]]);
  });

  it('what is added to "Ativar" does not reach "Desativar"', () => {
    expect(enableToggleAction(true, vi.fn(), { disabled: true })).not.toHaveProperty('disabled');
  });
});

describe('OnOffBadge', () => {
  it('says "Ativo" / "Inativo" by default, or the given pair', () => {
    const { rerender } = render(<OnOffBadge on />);
    expect(screen.getByText('Ativo')).toHaveClass('bg-green-50');
    rerender(<OnOffBadge on={false} />);
    expect(screen.getByText('Inativo')).toHaveClass('bg-slate-100');
    rerender(<OnOffBadge on={false} labels={['Ativa', 'Desativada']} />);
    expect(screen.getByText('Desativada')).toBeInTheDocument();
  });
});
