// DataTable: sorting by a header and the row actions menu (details, edit, delete with confirmation).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { defineListQuery } from '@/contracts/common';
import { ConfirmDialog } from '../alert-dialog';
import { DataTable, type RowAction } from '../data-table';
import { useListState } from '../use-list-state';
import { Router, withLinks, baseProps, renderTable, type Customer, COLUMNS } from './data-table-fixtures';

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
