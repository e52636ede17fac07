import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { storedDevice, storedDevices } from '@/testing/fleet-data';
import { testSql } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { ConnectionTest } from '../components/connection-test';
import { CONNECTION_TIMEOUT_MS, progressKey, VPN_UDP_PORT } from '../progress';
import FirstStepsScreen from '../screens/first-steps';

const USER = { uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', name: 'Maria', cnpj: '', admin: false };

function signedInStore() {
  const store = createAppStore();
  store.dispatch({ type: 'auth/setUser', payload: USER });
  return store;
}

/** A gateway of the demo customer that is in no machine and never connected ("Gateway reserva 01"). */
function spareDevice() {
  return storedDevice("owner_uid = ? AND machine_id IS NULL AND status = 'never-connected'", [DEMO_CUSTOMER_UID]);
}

const stepper = () => screen.getByRole('navigation', { name: 'Etapas da configuração' });
/** Each step's text as read (the number's circle is aria-hidden). */
const stepStates = () =>
  within(stepper())
    .getAllByRole('listitem')
    .map((item) => item.lastElementChild?.textContent);

beforeEach(() => {
  setTokenProvider(async () => makeTestToken({ uid: DEMO_CUSTOMER_UID, email: USER.email }));
});

describe('Configurar Conexão (/first-steps)', () => {
  it('step 1: bad codes are said on the field; a good one registers the gateway and opens step 2', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FirstStepsScreen />, { path: '/first-steps', store: signedInStore() });
    expect(screen.getByRole('heading', { name: 'Configurar Conexão', level: 1 })).toBeVisible();
    expect(stepStates()).toEqual([
      'Etapa 1: Registrar gateway — Atual',
      'Etapa 2: Associar máquina — Pendente',
      'Etapa 3: Baixar configuração — Pendente',
      'Etapa 4: Testar conexão — Pendente',
    ]);
    expect(within(stepper()).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');

    const field = screen.getByLabelText(/Código de configuração/);
    const submit = () => user.click(screen.getByRole('button', { name: 'Registrar' }));
    await user.type(field, 'PNT-0000-000');
    await submit();
    expect(await screen.findByText('Código inválido.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'PNT-ZZZZ-ZZZZ-ZZZZ');
    await submit();
    expect(await screen.findByText('Código não encontrado ou já vinculado a outra conta.')).toBeVisible();

    // Another account's code: the same answer as an unknown one.
    const other = await storedDevice('owner_uid IS NOT NULL AND owner_uid <> ?', [DEMO_CUSTOMER_UID]);
    await user.clear(field);
    await user.type(field, other.setup_code);
    await submit();
    expect(await screen.findByText('Código não encontrado ou já vinculado a outra conta.')).toBeVisible();

    await user.clear(field);
    await user.type(field, 'pnt-7k2m-4q9x-3fjd');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Etapa 2 de 4: Associar máquina' })).toHaveFocus();
    expect(stepStates()[0]).toBe('Etapa 1: Registrar gateway — Concluído');
    expect(within(stepper()).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    const stored = JSON.parse(localStorage.getItem(progressKey(DEMO_CUSTOMER_UID)) ?? 'null') as { deviceId: string; step: number };
    expect(stored).toMatchObject({ step: 2, downloadedAt: null });
    expect((await storedDevices('id = ?', [stored.deviceId])).map((d) => d.owner_uid)).toEqual([DEMO_CUSTOMER_UID]);
    // Four codes of up to 18 characters typed key by key.
  }, 20_000);

  it('the code of a gateway already owned continues with it, at its machine', async () => {
    const user = userEvent.setup();
    const owned = await storedDevice('owner_uid = ? AND machine_id IS NOT NULL', [DEMO_CUSTOMER_UID]);
    renderWithProviders(<FirstStepsScreen />, { path: '/first-steps', store: signedInStore() });
    await user.type(screen.getByLabelText(/Código de configuração/), owned.setup_code);
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByRole('heading', { name: 'Etapa 2 de 4: Associar máquina' })).toBeVisible();
    expect(screen.getByText(/está instalado em/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Etapa 3 de 4: Baixar configuração' })).toBeVisible();
  });

  it('?device= starts at step 2 with that gateway; a stored step ahead of the data is not believed', async () => {
    const spare = await spareDevice();
    // Stored: "Testar conexão" for a gateway that is in no machine (unlinked elsewhere since).
    localStorage.setItem(
      progressKey(DEMO_CUSTOMER_UID),
      JSON.stringify({ deviceId: spare.id, machineId: 'machine-1001', step: 4, downloadedAt: Date.now() }),
    );
    const first = renderWithProviders(<FirstStepsScreen />, { path: '/first-steps', store: signedInStore() });
    expect(await screen.findByRole('heading', { name: 'Etapa 2 de 4: Associar máquina' })).toBeVisible();
    expect(stepStates()).toEqual([
      'Etapa 1: Registrar gateway — Concluído',
      'Etapa 2: Associar máquina — Atual',
      'Etapa 3: Baixar configuração — Pendente',
      'Etapa 4: Testar conexão — Pendente',
    ]);
    first.unmount();

    localStorage.clear();
    const { router } = renderWithProviders(<FirstStepsScreen />, { path: `/first-steps?device=${spare.id}`, store: signedInStore() });
    expect(await screen.findByRole('heading', { name: 'Etapa 2 de 4: Associar máquina' })).toBeVisible();
    expect(screen.getByText(spare.name)).toBeVisible();
    // Taken into the stored progress and dropped from the URL, so a reload keeps the step reached since.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(JSON.parse(localStorage.getItem(progressKey(DEMO_CUSTOMER_UID)) ?? 'null')).toMatchObject({ deviceId: spare.id, step: 2 });
  });
});

describe('ConnectionTest (step 4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits with the elapsed time, then after the timeout says what to check, and "Tentar novamente" waits again', async () => {
    vi.useFakeTimers();
    const spare = await spareDevice();
    const onRedownload = vi.fn();
    renderWithProviders(
      <ConnectionTest device={{ id: spare.id, name: spare.name }} startedAt={Date.now()} timeoutMs={CONNECTION_TIMEOUT_MS} onRedownload={onRedownload} />,
      { store: signedInStore() },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Aguardando o gateway se conectar…');
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(screen.getByText(/Tempo decorrido:/)).toHaveTextContent('Tempo decorrido: 12 s');
    expect(screen.queryByRole('alert')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_TIMEOUT_MS - 12_000));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`${spare.name} ainda não se conectou (1 min 30 s de espera).`);
    expect(alert).toHaveTextContent('Energia:');
    expect(alert).toHaveTextContent('Cabo de rede:');
    expect(alert).toHaveTextContent(`saída UDP na porta ${VPN_UDP_PORT}`);
    expect(screen.queryByText('Aguardando o gateway se conectar…')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Baixar configuração de novo' }));
    expect(onRedownload).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByRole('status')).toHaveTextContent('Aguardando o gateway se conectar…');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText(/Tempo decorrido:/)).toHaveTextContent('Tempo decorrido: 5 s');
  });

  it('says the gateway connected once its polled status is online', async () => {
    vi.useFakeTimers();
    const spare = await spareDevice();
    renderWithProviders(
      <ConnectionTest device={{ id: spare.id, name: spare.name }} startedAt={Date.now()} timeoutMs={CONNECTION_TIMEOUT_MS} onRedownload={() => undefined} />,
      { store: signedInStore() },
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('status')).toHaveTextContent('Aguardando');
    // The gateway reports in (as the hub records it); the next poll reads it.
    await testSql("UPDATE device SET status = 'online', last_seen_at = ? WHERE id = ?", [Date.now(), spare.id]);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    // The poll's answer comes from the real server, over real I/O: wait for it.
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Gateway conectado.'));
  });
});
