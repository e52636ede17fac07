import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form } from '../form/form';
import { SearchableSelectField } from '../form/searchable-select-field';
import { useZodForm } from '../form/use-zod-form';

const schema = z.object({ customerId: z.string().min(1, { error: 'Escolha o cliente.' }) });

function Harness({ search, options }: { search: ((q: string) => void) | null; options: { value: string; label: string }[] }) {
  const form = useZodForm(schema, { defaultValues: { customerId: 'c-9' } });
  return (
    <Form form={form} onSubmit={vi.fn()}>
      <SearchableSelectField
        name="customerId"
        label="Cliente"
        required
        placeholder="Selecione"
        options={options}
        selected={{ value: 'c-9', label: 'Cliente atual' }}
        search={search ? { label: 'Buscar cliente', value: '', onSearch: search } : null}
      />
    </Form>
  );
}

describe('SearchableSelectField', () => {
  it('keeps the chosen option when the options leave it out, and searches with a debounced box', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Harness search={onSearch} options={[{ value: 'c-1', label: 'Alfa' }]} />);
    const select = screen.getByRole('combobox', { name: /Cliente/ });
    expect(select).toHaveValue('c-9');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Selecione', 'Cliente atual', 'Alfa']);
    await user.click(screen.getByRole('searchbox', { name: 'Buscar cliente' }));
    await user.paste('beta');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('beta');
  });

  it('has no search box while the whole list fits, and no duplicate when the chosen option is there', () => {
    render(<Harness search={null} options={[{ value: 'c-9', label: 'Cliente atual' }]} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(within(screen.getByRole('combobox', { name: /Cliente/ })).getAllByRole('option')).toHaveLength(2);
  });
});
