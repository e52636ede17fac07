import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PickerDialog, type PickerOption } from '../picker-dialog';

const OPTIONS: PickerOption[] = [
  { id: 'm1', label: 'Injetora IH-450 #01', description: 'Vale do Aço' },
  { id: 'm2', label: 'Envasadora EV-12 #02', description: 'Serra Gaúcha', note: 'Já tem o dispositivo Gateway X' },
  { id: 'm3', label: 'Forno FC-30 #03', disabled: true },
];

function Harness(props: Partial<Parameters<typeof PickerDialog>[0]> & { onConfirmed?: (id: string | null) => void }) {
  const [open, setOpen] = useState(true);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const options = OPTIONS.filter((option) => option.label.toLowerCase().includes(search.toLowerCase()));
  return (
    <PickerDialog
      open={open}
      onOpenChange={setOpen}
      title="Vincular máquina"
      description="Escolha a máquina em que o gateway está instalado."
      searchLabel="Buscar máquinas"
      search={search}
      onSearch={setSearch}
      options={options}
      isLoading={false}
      emptyState="Nenhuma máquina cadastrada."
      selected={selected}
      onSelect={setSelected}
      confirmLabel="Vincular"
      onConfirm={() => props.onConfirmed?.(selected)}
      {...props}
    />
  );
}

describe('PickerDialog', () => {
  it('lists the options as radios, confirms the chosen one and searches', async () => {
    const user = userEvent.setup();
    const confirmed = vi.fn();
    render(<Harness onConfirmed={confirmed} />);
    const dialog = screen.getByRole('dialog', { name: 'Vincular máquina' });
    expect(dialog).toHaveAccessibleDescription('Escolha a máquina em que o gateway está instalado.');
    const group = screen.getByRole('radiogroup', { name: 'Vincular máquina' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: /Forno FC-30/ })).toBeDisabled();
    expect(screen.getByText('Já tem o dispositivo Gateway X')).toBeInTheDocument();

    const confirm = screen.getByRole('button', { name: 'Vincular' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Envasadora/ }));
    expect(screen.getByRole('radio', { name: /Envasadora/ })).toBeChecked();
    await user.click(confirm);
    expect(confirmed).toHaveBeenCalledWith('m2');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar máquinas' }), 'injetora');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar máquinas' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar máquinas' }), 'nada disso');
    expect(await screen.findByText('Nada corresponde à busca.')).toBeInTheDocument();
  });

  it('shows the empty state, the loading state, a load error with retry, and a problem of the confirm', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    const { rerender } = render(<Harness options={[]} />);
    expect(screen.getByText('Nenhuma máquina cadastrada.')).toBeInTheDocument();

    rerender(<Harness options={undefined} isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');

    rerender(<Harness error={{ status: 500, data: { error: { code: 'internal', message: 'Erro interno.' } } }} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Erro interno.');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retry).toHaveBeenCalled();

    rerender(<Harness problem="A máquina já tem outro dispositivo." />);
    expect(screen.getByRole('alert')).toHaveTextContent('A máquina já tem outro dispositivo.');
  });

  it('stays open while pending, and Cancelar closes it otherwise', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness pending />);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
