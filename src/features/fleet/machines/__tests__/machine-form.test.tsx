import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Machine } from '@/contracts/machine';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { server, TEST_API_URL } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { accessCsvFileName, formatBytes, formatDuration } from '../access';
import { EMPTY_MACHINE, MachineForm } from '../components/machine-form';

const token = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

/** A small /device for the picker: two gateways, one installed on another machine; answers what `q` matches. */
const DEVICES = [
  { id: 'device-9001', name: 'Gateway Reserva', serialNumber: 'PG1-900001', status: 'never-connected', machineId: null, machineName: null },
  { id: 'device-9002', name: 'Gateway Linha B', serialNumber: 'PG1-900002', status: 'online', machineId: 'machine-1003', machineName: 'EV-12 #01' },
];
const deviceQueries: string[] = [];

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(token));
  deviceQueries.length = 0;
  server.use(
    http.get(`${TEST_API_URL}/device`, ({ request }) => {
      const url = new URL(request.url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      deviceQueries.push(url.search);
      const data = DEVICES.filter((d) => d.name.toLowerCase().includes(q) || d.serialNumber.toLowerCase().includes(q));
      return HttpResponse.json({ data, meta: { page: 1, perPage: 100, total: data.length } });
    }),
  );
});

function setup(onSubmit = vi.fn()) {
  const user = userEvent.setup();
  renderWithProviders(
    <MachineForm defaultValues={EMPTY_MACHINE} onSubmit={onSubmit} onSaved={vi.fn()} onCancel={vi.fn()} />,
  );
  return { user, onSubmit };
}

describe('MachineForm', { timeout: 20_000 }, () => {
  it('prefills the services from the chosen model while they are untouched', async () => {
    const { user } = setup();
    const model = screen.getByLabelText(/^Modelo/);
    await screen.findByRole('option', { name: 'Injetora IH-450' });
    await user.selectOptions(model, 'Injetora IH-450');
    await waitFor(() => expect(screen.getAllByLabelText(/^Nome do serviço/)).toHaveLength(2));
    expect(screen.getAllByLabelText(/^Porta/).map((input) => (input as HTMLInputElement).value)).toEqual(['443', '102']);
    await user.selectOptions(model, 'Forno Contínuo FC-30');
    await waitFor(() => expect(screen.getAllByLabelText(/^Nome do serviço/)).toHaveLength(1));
    // Edited: another model leaves the services alone.
    await user.clear(screen.getByLabelText(/^Porta/));
    await user.type(screen.getByLabelText(/^Porta/), '8081');
    await user.selectOptions(model, 'Envasadora EV-12');
    expect(screen.getByLabelText(/^Porta/)).toHaveValue('8081');
  });

  it('picks a device from GET /device?perPage=100&q=, saying which machine holds it', async () => {
    const { user } = setup();
    const picker = screen.getByLabelText(/^Dispositivo/);
    await within(picker).findByRole('option', { name: 'Gateway Linha B (PG1-900002) — na máquina EV-12 #01' });
    expect(within(picker).getByRole('option', { name: 'Nenhum dispositivo' })).toBeInTheDocument();
    expect(deviceQueries[0]).toContain('perPage=100');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar dispositivo' }), 'reserva');
    await waitFor(() => expect(within(picker).queryByRole('option', { name: /Linha B/ })).toBeNull());
    expect(deviceQueries.at(-1)).toContain('q=reserva');
    await user.selectOptions(picker, 'device-9001');
    expect(picker).toHaveValue('device-9001');
  });

  it('asks before moving a gateway another machine holds, then saves with moveDevice', async () => {
    const saved = { id: 'machine-2001' } as Machine;
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce({
        status: 409,
        data: { error: { code: 'device-in-use', message: 'Este dispositivo está na máquina EV-12 #01.', field: 'deviceId' } },
      })
      .mockResolvedValueOnce(saved);
    const { user } = setup(onSubmit);
    await screen.findByRole('option', { name: 'Injetora IH-450' });
    await user.type(screen.getByLabelText(/^Nome$/), 'IH-450 #90');
    await user.selectOptions(screen.getByLabelText(/^Modelo/), 'Injetora IH-450');
    await user.selectOptions(screen.getByLabelText(/^Cliente/), 'Usinagem Campinas Ltda');
    const picker = screen.getByLabelText(/^Dispositivo/);
    await within(picker).findByRole('option', { name: /Linha B/ });
    await user.selectOptions(picker, 'device-9002');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mover o dispositivo?' });
    expect(dialog).toHaveTextContent('Este dispositivo está na máquina EV-12 #01.');
    await user.click(within(dialog).getByRole('button', { name: 'Mover dispositivo' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ deviceId: 'device-9002', moveDevice: true, customerId: 'customer-1005' });
  });
});

describe('access history formatting', () => {
  it('formats durations, traffic and the export file name', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(25 * 60)).toBe('25 min');
    expect(formatDuration(65 * 60)).toBe('1 h 05 min');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12,3 MB');
    expect(accessCsvFileName('IH-450 #01 Câmara', new Date(2026, 10, 2))).toBe('acessos-ih-450-01-camara-2026-11-02.csv');
  });
});
