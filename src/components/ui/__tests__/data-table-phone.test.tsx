// DataTable on a phone (below 768 px): the card list, its sort control and actions.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type RowAction } from '../data-table';
import { Router, baseProps, renderTable, mockPhone, type Customer } from './data-table-fixtures';

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
