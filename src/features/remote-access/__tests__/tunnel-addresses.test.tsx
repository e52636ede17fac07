/**
 * Issue 34 in the portal's remote access: the "Conectar" result says which address opens each chosen service (the
 * tunnel subnet and the rule; the translator fills the device's real tunnel address), and Acesso Remoto → Ativos at
 * 1280 px keeps "Encerrar" reachable: six columns, in a box that scrolls sideways (a named, focusable region) and
 * says so when the table is wider than it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '@/components/ui/permissions';
import { portalPatterns, portalPaths } from '@/config/paths';
import { lanToTunnel } from '@/contracts/tunnel';
import { locksOf } from '@/entities/access/api';
import { tunnelRule } from '@/entities/machines/tunnel-translator';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import MachineScreen from '@/app/areas/portal/screens/machine-detail';
import { makeTestToken } from '@/testing/test-token';
import { arrangeRemoteAccessRequest, demoMachine, arrangeDownloadedProfile, isReachable } from '@/testing/remote-access-data';
import { renderRoutes } from '@/testing/render';
import { HOST_PLACEHOLDER } from '../components/service-addresses';
import { RemoteAccessScreen } from '../screens/remote-access';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn() }));

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

/** A machine of the demo builder, reachable now (online gateway), whose services are IHM web on HTTP 80 and Modbus. */
async function webMachine() {
  const machine = await demoMachine(
    (m) =>
      isReachable(m) &&
      m.lanSubnet.endsWith('/24') &&
      Boolean(m.tunnelSubnet) &&
      m.services.some((service) => service.protocol === 'http' && service.port === 80) &&
      m.services.some((service) => service.protocol === 'modbus-tcp'),
    maria,
  );
  if (!machine.tunnelSubnet) throw new Error('the seed has a reachable machine with a web HMI and Modbus');
  return { ...machine, tunnelSubnet: machine.tunnelSubnet };
}

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(maria));
});

describe('"Conectar": which address opens each service', { timeout: 30_000 }, () => {
  it('says the tunnel subnet and the rule; the translator fills in the device’s tunnel address', async () => {
    const machine = await webMachine();
    const web = machine.services.find((service) => service.protocol === 'http');
    const modbus = machine.services.find((service) => service.protocol === 'modbus-tcp');
    if (!web || !modbus) throw new Error('services');
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: portalPatterns.machine,
          element: (
            <PermissionsProvider locks={locksOf('administrador')}>
              <MachineScreen />
            </PermissionsProvider>
          ),
        },
      ],
      { path: portalPaths.machine(machine.id) },
    );
    const section = await screen.findByRole('region', { name: 'Acesso remoto' });
    await user.click(within(section).getByRole('button', { name: 'Conectar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar à máquina' });
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Ajuste de receita no CLP');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar acesso' }));

    const how = await within(dialog).findByRole('region', { name: 'Como abrir cada serviço' }, { timeout: 10_000 });
    expect(within(dialog).getByText(/^Acesso liberado até/)).toBeVisible();
    expect(how).toHaveTextContent(`Pelo túnel, a rede da máquina (${machine.lanSubnet}) aparece como ${machine.tunnelSubnet}`);
    expect(how).toHaveTextContent(tunnelRule(machine.lanSubnet, machine.tunnelSubnet) ?? 'sem regra');
    const items = () => within(how).getAllByRole('listitem').map((item) => item.textContent);
    expect(items()).toEqual([
      `${web.name} (HTTP, porta 80): abra http://${HOST_PLACEHOLDER}`,
      `${modbus.name} (Modbus TCP, porta ${modbus.port}): aponte o cliente Modbus TCP para ${HOST_PLACEHOLDER}, porta ${modbus.port}`,
    ]);

    const lanHost = `${machine.lanSubnet.split('.').slice(0, 3).join('.')}.10`;
    const tunnelHost = lanToTunnel(lanHost, machine.lanSubnet, machine.tunnelSubnet);
    await user.type(within(how).getByRole('textbox', { name: 'Endereço na rede da máquina' }), lanHost);
    expect(within(how).getByRole('status', { name: 'Endereço pelo túnel' })).toHaveTextContent(tunnelHost ?? 'sem endereço');
    expect(items()).toEqual([
      `${web.name} (HTTP, porta 80): abra http://${tunnelHost ?? ''}`,
      `${modbus.name} (Modbus TCP, porta ${modbus.port}): aponte o cliente Modbus TCP para ${tunnelHost ?? ''}, porta ${modbus.port}`,
    ]);
  });
});

describe('Ativos at 1280 px', { timeout: 30_000 }, () => {
  const width = window.innerWidth;
  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    vi.restoreAllMocks();
  });

  it('six columns with "Encerrar" last, in a sideways-scrolling region that says when it overflows', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    window.dispatchEvent(new Event('resize'));
    // jsdom lays nothing out: the table is made wider than its box, as a long name would at 1280 px.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('overflow-x-auto') ? 1400 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('overflow-x-auto') ? 976 : 0;
    });
    const machine = await webMachine();
    const session = await arrangeRemoteAccessRequest(machine.id, 'Diagnóstico', 1, maria);
    await arrangeDownloadedProfile(session.id, undefined, maria);

    renderRoutes([{ path: portalPaths.remoteAccess, element: <RemoteAccessScreen currentUid={DEMO_CUSTOMER_UID} /> }], {
      path: portalPaths.remoteAccess,
    });
    const table = await screen.findByRole('table', { name: 'Acessos ativos' });
    await within(table).findByText(machine.name);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Pessoa',
      'Máquina',
      'Janela',
      'Serviços',
      'Último handshake',
      'Ações',
    ]);
    const scroller = table.parentElement;
    expect(scroller).toHaveClass('overflow-x-auto');
    // Reachable by keyboard: the box itself takes the focus, named as the table.
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toHaveAttribute('role', 'region');
    expect(scroller).toHaveAccessibleName('Acessos ativos');
    const end = within(table).getByRole('button', { name: /^Encerrar acesso de / });
    expect(scroller?.contains(end)).toBe(true);
    expect(end.closest('td')).toBe(within(table).getAllByRole('row')[1]?.lastElementChild);
    await waitFor(() =>
      expect(screen.getByText('A tabela é mais larga que a tela: role-a para o lado para ver todas as colunas.')).toBeVisible(),
    );
    // The customer under the machine, the window's start under its end.
    const row = end.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(/até \d{2}\/\d{2}\/\d{4}/);
    expect(row).toHaveTextContent(/desde \d{2}\/\d{2}\/\d{4}/);
  });
});
