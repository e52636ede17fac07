import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MachineModel, MachineModelInput } from '@/contracts/machine-model';
import { renderWithProviders } from '@/testing/render';
import { EMPTY_MACHINE_MODEL, MachineModelForm, machineModelToForm } from '../components/machine-model-form';

const model: MachineModel = {
  id: 'machine-model-1001',
  name: 'Injetora IH-450',
  manufacturer: 'Oliveira Automação',
  category: 'Injeção plástica',
  description: '',
  services: [
    { name: 'IHM web', protocol: 'https', port: 443 },
    { name: 'CLP S7', protocol: 's7', port: 102 },
  ],
  machineCount: 3,
  version: 2,
  createdAt: new Date(),
  updatedAt: new Date(),
};

function renderForm(onSubmit = vi.fn(async (input: MachineModelInput) => ({ ...model, ...input })), defaults = EMPTY_MACHINE_MODEL) {
  renderWithProviders(
    <MachineModelForm defaultValues={defaults} onSubmit={onSubmit} onSaved={vi.fn()} onCancel={vi.fn()} />,
  );
  return onSubmit;
}

const row = (n: number) => screen.getByRole('group', { name: `Serviço ${n}` });

describe('MachineModelForm', () => {
  it('adds services, fills the protocol’s port only while empty, refuses a duplicate port, then submits numbers', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText(/^Nome/), 'Envasadora EV-24');
    await user.click(screen.getByRole('button', { name: 'Adicionar serviço' }));
    expect(within(row(1)).getByLabelText(/Nome do serviço/)).toHaveFocus();
    await user.type(within(row(1)).getByLabelText(/Nome do serviço/), 'Painel');
    await user.selectOptions(within(row(1)).getByLabelText(/Protocolo/), 'vnc');
    expect(within(row(1)).getByLabelText(/Porta/)).toHaveValue('5900');
    // Another protocol keeps the port now that it is filled.
    await user.selectOptions(within(row(1)).getByLabelText(/Protocolo/), 'rdp');
    expect(within(row(1)).getByLabelText(/Porta/)).toHaveValue('5900');

    await user.click(screen.getByRole('button', { name: 'Adicionar serviço' }));
    await user.type(within(row(2)).getByLabelText(/Nome do serviço/), 'Outro painel');
    await user.selectOptions(within(row(2)).getByLabelText(/Protocolo/), 'vnc');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await within(row(2)).findByText('Porta já usada por outro serviço deste modelo.')).toBeVisible();
    expect(within(row(1)).queryByText('Porta já usada por outro serviço deste modelo.')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    const port = within(row(2)).getByLabelText(/Porta/);
    await user.clear(port);
    await user.type(port, '5901');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Envasadora EV-24',
      manufacturer: '',
      category: '',
      description: '',
      services: [
        { name: 'Painel', protocol: 'rdp', port: 5900 },
        { name: 'Outro painel', protocol: 'vnc', port: 5901 },
      ],
    });
  });

  it('removes a service by its numbered name and gives the focus to "Adicionar serviço"', async () => {
    const user = userEvent.setup();
    renderForm(undefined, machineModelToForm(model));
    expect(within(row(2)).getByLabelText(/Porta/)).toHaveValue('102');
    await user.click(screen.getByRole('button', { name: 'Remover serviço 1' }));
    expect(screen.queryByRole('group', { name: 'Serviço 2' })).toBeNull();
    expect(within(row(1)).getByLabelText(/Nome do serviço/)).toHaveValue('CLP S7');
    expect(screen.getByRole('button', { name: 'Adicionar serviço' })).toHaveFocus();
  });

  it('puts a server error on the service field it names (services.1.port)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() =>
      Promise.reject({ status: 400, data: { error: { code: 'validation', message: 'Porta recusada pelo servidor.', field: 'services.1.port' } } }),
    );
    renderForm(onSubmit, machineModelToForm(model));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await within(row(2)).findByText('Porta recusada pelo servidor.')).toBeVisible();
    await waitFor(() => expect(within(row(2)).getByLabelText(/Porta/)).toHaveFocus());
  });
});
