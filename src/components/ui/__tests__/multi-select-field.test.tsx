import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form } from '../form/form';
import { MultiSelectField, type MultiSelectOption } from '../form/multi-select-field';
import { useZodForm } from '../form/use-zod-form';

const ALL: MultiSelectOption[] = [
  { value: 'm-1', label: 'IH-450 #01', description: 'OA-2022-1000' },
  { value: 'm-2', label: 'IH-450 #02', description: 'OA-2023-1013' },
  { value: 'm-3', label: 'EV-12 #01', description: 'OA-2024-1026' },
];

const schema = z.object({ ids: z.array(z.string()).min(1, { error: 'Escolha ao menos uma máquina.' }) });

function Harness({
  onSubmit = vi.fn(),
  initial = [],
  loadError,
  onRetry,
}: {
  onSubmit?: (values: { ids: string[] }) => void;
  initial?: string[];
  loadError?: unknown;
  onRetry?: () => void;
}) {
  const form = useZodForm(schema, { defaultValues: { ids: initial } });
  const [q, setQ] = useState('');
  const options = ALL.filter((option) => option.label.toLowerCase().includes(q.toLowerCase()));
  return (
    <Form form={form} onSubmit={onSubmit}>
      <MultiSelectField
        name="ids"
        control={form.control}
        label="Máquinas"
        required
        options={options}
        selectedOptions={ALL.filter((option) => initial.includes(option.value))}
        search={{ label: 'Buscar máquinas', value: q, onSearch: setQ }}
        error={loadError}
        onRetry={onRetry}
        countLabel={(n) => (n === 1 ? '1 máquina escolhida' : `${n} máquinas escolhidas`)}
      />
      <button type="submit">Salvar</button>
    </Form>
  );
}

describe('MultiSelectField', () => {
  it('a named group of checkboxes; the chosen ones as chips that keep their names across searches', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Máquinas' });
    expect(within(group).getByText('0 máquinas escolhidas')).toBeVisible();
    await user.click(within(group).getByRole('checkbox', { name: /IH-450 #01/ }));
    await user.click(within(group).getByRole('checkbox', { name: /EV-12 #01/ }));
    expect(within(group).getByText('2 máquinas escolhidas')).toBeVisible();

    // A search leaves IH-450 #01 out of the options: its chip keeps its name.
    await user.type(within(group).getByRole('searchbox', { name: 'Buscar máquinas' }), 'EV{Enter}');
    expect(within(group).queryByRole('checkbox', { name: /IH-450/ })).toBeNull();
    expect(within(group).getByRole('button', { name: 'Remover IH-450 #01' })).toBeVisible();
    await user.click(within(group).getByRole('button', { name: 'Remover EV-12 #01' }));
    expect(within(group).getByRole('checkbox', { name: /EV-12 #01/ })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledWith({ ids: ['m-1'] }, expect.anything());
  });

  it('starts from the record’s choice and says the field’s error on the group', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['m-2']} />);
    const group = screen.getByRole('group', { name: 'Máquinas' });
    expect(within(group).getByRole('checkbox', { name: /IH-450 #02/ })).toBeChecked();
    await user.click(within(group).getByRole('button', { name: 'Remover IH-450 #02' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await within(group).findByText('Escolha ao menos uma máquina.')).toBeVisible();
    expect(group).toHaveAccessibleDescription('Escolha ao menos uma máquina.');
    expect(within(group).getAllByRole('checkbox')[0]).toHaveFocus();
  });

  it('a failed load is said in the list, with "Tentar novamente"', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Harness loadError={{ status: 500, data: { error: { code: 'internal', message: 'Erro interno no servidor.' } } }} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Erro interno no servidor.');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
