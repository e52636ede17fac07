import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from '../search-input';

describe('SearchInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled search box that calls onSearch once, 300 ms after the last keystroke', () => {
    const onSearch = vi.fn();
    render(<SearchInput value="" onSearch={onSearch} label="Buscar clientes" placeholder="Razão social ou CNPJ" />);
    const input = screen.getByRole('searchbox', { name: 'Buscar clientes' });
    expect(input).toHaveAttribute('type', 'search');
    expect(input).toHaveAttribute('placeholder', 'Razão social ou CNPJ');

    fireEvent.change(input, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ac');
  });

  it('searches at once on Enter and clears with the clear button', () => {
    const onSearch = vi.fn();
    render(<SearchInput value="" onSearch={onSearch} label="Buscar" delayMs={500} />);
    const input = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(screen.queryByRole('button', { name: 'Limpar campo de busca' })).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: ' acme ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('acme');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1); // the pending one was cancelled

    fireEvent.click(screen.getByRole('button', { name: 'Limpar campo de busca' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('follows value changes from outside (back button, "Limpar busca") and drops a pending search', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchInput value="acme" onSearch={onSearch} label="Buscar" />);
    const input = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(input).toHaveValue('acme');
    fireEvent.change(input, { target: { value: 'acme lt' } });
    rerender(<SearchInput value="" onSearch={onSearch} label="Buscar" />);
    expect(input).toHaveValue('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps what the user typed when the list echoes it back trimmed', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchInput value="" onSearch={onSearch} label="Buscar" />);
    const input = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(input, { target: { value: 'acme ' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith('acme');
    rerender(<SearchInput value="acme" onSearch={onSearch} label="Buscar" />);
    expect(input).toHaveValue('acme '); // the space the user is about to follow with a word stays
  });

  it('can show its label', () => {
    render(<SearchInput value="" onSearch={() => undefined} label="Buscar máquinas" showLabel />);
    expect(screen.getByText('Buscar máquinas')).not.toHaveClass('sr-only');
  });
});
