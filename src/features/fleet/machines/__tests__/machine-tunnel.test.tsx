/**
 * The machine's page (issue 34): "Rede da máquina" (the LAN) and "Endereço pelo túnel" (its tunnel subnet, or "—"
 * with why), and the address translator: a LAN address becomes its tunnel address as it is typed; an address
 * outside the LAN, or not an address, is said in pt-BR.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { portalPaths, portalPatterns } from '@/config/paths';
import { lanToTunnel } from '@/contracts/tunnel';
import {
  ADDRESS_INVALID_MESSAGE,
  addressOutsideMessage,
  noTunnelExplanation,
  translateAddress,
  tunnelRule,
} from '@/entities/machines/tunnel-translator';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed';
import type { Machine } from '@/contracts/machine';
import { call, json } from '@/testing/demo-api';
import { makeTestToken } from '@/testing/test-token';
import { testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { MachineDetail } from '../screens/machine-detail';

const token = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(token));
});

/** A machine of the demo builder with a /24 LAN and its tunnel subnet (and a customer, so that it can be edited). */
async function machineWithLan() {
  const [machine] = await testSql<{ id: string; lanSubnet: string; tunnelSubnet: string }>(
    `SELECT id, lan_subnet AS lanSubnet, tunnel_subnet AS tunnelSubnet FROM machine
     WHERE owner_uid = ? AND lan_subnet LIKE '%/24' AND tunnel_subnet IS NOT NULL AND customer_id IS NOT NULL ORDER BY id LIMIT 1`,
    [DEMO_CUSTOMER_UID],
  );
  if (!machine) throw new Error('the seed has a machine with a LAN and its tunnel subnet');
  return machine;
}

function renderMachine(id: string) {
  const user = userEvent.setup();
  renderRoutes([{ path: portalPatterns.machine, element: <MachineDetail /> }], { path: portalPaths.machine(id) });
  return { user };
}

/** The `<dd>` under a `<dt>` of the page. */
async function valueOf(term: string) {
  const dt = await screen.findByText(term, { selector: 'dt' });
  const dd = dt.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`sem valor para ${term}`);
  return dd;
}

describe('the tunnel rule (pure)', () => {
  it('maps a LAN address to the same place in the tunnel subnet, and says why not', () => {
    expect(translateAddress('192.168.0.10', '192.168.0.0/24', '10.128.3.0/24')).toEqual({ kind: 'ok', tunnelAddress: '10.128.3.10' });
    expect(translateAddress(' 192.168.0.254 ', '192.168.0.0/24', '10.128.3.0/24')).toEqual({ kind: 'ok', tunnelAddress: '10.128.3.254' });
    expect(translateAddress('', '192.168.0.0/24', '10.128.3.0/24')).toEqual({ kind: 'empty' });
    expect(translateAddress('192.168.1.10', '192.168.0.0/24', '10.128.3.0/24')).toEqual({
      kind: 'outside',
      message: 'O endereço 192.168.1.10 não está na rede da máquina (192.168.0.0/24).',
    });
    expect(translateAddress('192.168.0', '192.168.0.0/24', '10.128.3.0/24')).toEqual({ kind: 'invalid', message: ADDRESS_INVALID_MESSAGE });
    expect(tunnelRule('192.168.0.0/24', '10.128.3.0/24')).toBe(
      'o endereço do equipamento na rede 192.168.0.0/24 com o prefixo 10.128.3: 192.168.0.10 → 10.128.3.10',
    );
    expect(tunnelRule('172.16.5.64/26', '10.128.0.64/26')).toBe(
      'o endereço do equipamento na rede 172.16.5.64/26 na mesma posição dentro de 10.128.0.64/26: 172.16.5.74 → 10.128.0.74',
    );
  });
});

describe('machine page: Rede', { timeout: 30_000 }, () => {
  it('shows "Rede da máquina" and "Endereço pelo túnel", and translates an address as it is typed', async () => {
    const machine = await machineWithLan();
    const { user } = renderMachine(machine.id);
    const section = await screen.findByRole('region', { name: 'Rede' });
    expect(await valueOf('Rede da máquina')).toHaveTextContent(machine.lanSubnet);
    expect(await valueOf('Endereço pelo túnel')).toHaveTextContent(machine.tunnelSubnet);

    const lanPrefix = machine.lanSubnet.split('.').slice(0, 3).join('.');
    const input = within(section).getByRole('textbox', { name: 'Endereço na rede da máquina' });
    const output = within(section).getByRole('status', { name: 'Endereço pelo túnel' });
    expect(output).toHaveTextContent('—');

    await user.type(input, `${lanPrefix}.10`);
    const expected = lanToTunnel(`${lanPrefix}.10`, machine.lanSubnet, machine.tunnelSubnet);
    expect(expected).toBe(`${machine.tunnelSubnet.split('.').slice(0, 3).join('.')}.10`);
    expect(output).toHaveTextContent(expected ?? '');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(within(section).getByText(tunnelRule(machine.lanSubnet, machine.tunnelSubnet) ?? '', { exact: false })).toBeVisible();

    // Outside the machine's LAN: said, and no tunnel address.
    await user.clear(input);
    await user.type(input, '172.20.0.10');
    const message = addressOutsideMessage('172.20.0.10', machine.lanSubnet);
    expect(within(section).getByText(message)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(output).toHaveTextContent('—');

    // Not an address at all.
    await user.clear(input);
    await user.type(input, 'abc');
    expect(within(section).getByText(ADDRESS_INVALID_MESSAGE)).toBeVisible();
  });

  it('a machine without a LAN: "—" and why, no translator', async () => {
    const machine = await machineWithLan();
    // Its LAN taken off, as the machine's form does: the tunnel subnet goes with it.
    const current = await json<Machine>(await call(`/machine/${machine.id}`, { token }));
    const { name, serialNumber, modelId, customerId, deviceId, site, services } = current;
    const edited = await call(`/machine/${machine.id}`, {
      token,
      method: 'PUT',
      headers: { 'If-Match': String(current.version) },
      json: { name, serialNumber, modelId, customerId, deviceId, site, services, lanSubnet: '' },
    });
    expect(edited.status).toBe(200);
    expect(await json<Machine>(edited)).toMatchObject({ lanSubnet: '', tunnelSubnet: null });
    renderMachine(machine.id);
    const section = await screen.findByRole('region', { name: 'Rede' });
    expect(await valueOf('Rede da máquina')).toHaveTextContent('Não informada');
    const tunnel = await valueOf('Endereço pelo túnel');
    expect(tunnel).toHaveTextContent('—');
    expect(tunnel).toHaveTextContent(noTunnelExplanation(''));
    expect(within(section).queryByRole('textbox')).toBeNull();
  });
});
