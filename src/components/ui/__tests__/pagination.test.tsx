import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastPageOf, pageWindow, Pagination, rangeText } from '../pagination';

function setup(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onPageChange = vi.fn();
  const onPerPageChange = vi.fn();
  render(
    <Pagination page={2} perPage={20} total={45} onPageChange={onPageChange} onPerPageChange={onPerPageChange} {...props} />,
  );
  return { onPageChange, onPerPageChange };
}

describe('Pagination', () => {
  it('says the range shown and marks the current page', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getByText('Mostrando 21–40 de 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Página 1' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Página 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Página 4' })).not.toBeInTheDocument();
  });

  it('moves with previous, next and the page buttons', () => {
    const { onPageChange } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' })); // the current page: nothing to do
    expect(onPageChange.mock.calls).toEqual([[1], [3], [3]]);
  });

  it('tells when the pointer or the focus reaches a page button, not the current page nor a disabled one', () => {
    const onPageIntent = vi.fn();
    setup({ page: 3, onPageIntent });
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Página anterior' }));
    screen.getByRole('button', { name: 'Página 1' }).focus();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Página 3' })); // the current page
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Próxima página' })); // disabled: the last page
    expect(onPageIntent.mock.calls).toEqual([[2], [1]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { onPageChange } = setup({ page: 1 });
    const previous = screen.getByRole('button', { name: 'Página anterior' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Próxima página' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('Mostrando 1–20 de 45')).toBeInTheDocument();
    fireEvent.click(previous);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('keeps the focus on "Próxima página" when it reaches the last page', () => {
    const onPageChange = vi.fn();
    const props = { perPage: 20, total: 45, onPageChange, onPerPageChange: vi.fn() };
    const { rerender } = render(<Pagination page={2} {...props} />);
    const next = screen.getByRole('button', { name: 'Próxima página' });
    next.focus();
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(3);
    rerender(<Pagination page={3} {...props} />);
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
  });

  it('shows the last, partial page', () => {
    setup({ page: 3 });
    expect(screen.getByText('Mostrando 41–45 de 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('changes the page size with a labelled native select', () => {
    const { onPerPageChange } = setup();
    const select = screen.getByLabelText('Itens por página');
    expect(select.tagName).toBe('SELECT');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '50', '100']);
    expect(select).toHaveValue('20');
    fireEvent.change(select, { target: { value: '50' } });
    expect(onPerPageChange).toHaveBeenCalledWith(50);
  });

  it('windows long page lists', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageWindow(19, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(lastPageOf(0, 20)).toBe(1);
    expect(lastPageOf(45, 20)).toBe(3);
    expect(rangeText(1, 20, 10000)).toBe('Mostrando 1–20 de 10.000');
    expect(rangeText(1, 20, 0)).toBe('Nenhum item');
  });
});
