/**
 * Back office → VPN → "Hubs" (issue 34): the hubs with status, health, peers, gateways, last report and endpoint;
 * "Novo hub" (the form's rules), "Nova credencial" (asked first, the token shown once), "Mover gateway" (by serial
 * number, the answer's message said plainly) and an unknown gateway refused.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HUB_MESSAGES } from '@/contracts/hub';
import { HUB_HOST_MESSAGE, HUB_NAME_MESSAGE, HUB_PORT_MESSAGE, HUB_REGION_MESSAGE } from '@/entities/hubs/hub-input';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_ADMIN_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { arrangeHubs, storedGatewaysOnHub, SEED_HUB } from '@/testing/backoffice-data';
import { testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { CREDENTIAL_ONCE_MESSAGE } from '../components/hub-credential';
import VpnScreen from '../screens/vpn';
import { expectToast } from '@/testing/toast';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });

const POA_PROBLEM = 'O comando nft não está instalado no hub.';
/** The second hub's id and gateways (made by staff before each test). */
let poaId = '';
let poaGateways = 0;

beforeEach(async () => {
  setTokenProvider(() => Promise.resolve(admin));
  // The seed's hub has every gateway; it reported just now with 3 peers more than its gateways (VPN users,
  // sessions). hub-poa-1 stopped reporting after saying what was wrong.
  const gateways = await storedGatewaysOnHub(SEED_HUB.id);
  const unassigned = await testSql<{ n: number }>('SELECT count(*) AS n FROM device WHERE hub_id IS NULL');
  ({ poaId, poaGateways } = await arrangeHubs({ peers: gateways + 3, problem: POA_PROBLEM }));
  // The gateways still without a hub (the seed's, without an owner) passed to it when it was created.
  expect(poaGateways).toBe(unassigned[0]?.n);
});

async function storedHub(name: string) {
  const [hub] = await testSql<{ region: string; endpoint_port: number; token_hash: string | null }>(
    'SELECT region, endpoint_port, token_hash FROM vpn_hub WHERE name = ?',
    [name],
  );
  return hub;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function renderHubs() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/backoffice-vpn-user', element: <VpnScreen /> }], { path: '/backoffice-vpn-user?tab=hubs' });
  return { user };
}

const hubsTable = () => screen.findByRole('table', { name: 'Hubs VPN' });

async function rowOf(name: string) {
  const table = await hubsTable();
  const cell = await within(table).findByRole('rowheader', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`sem linha para ${name}`);
  return row;
}

/** The text of a row's cell under a column header. */
function cellOf(row: HTMLElement, header: string) {
  const table = row.closest('table');
  if (!table) throw new Error('sem tabela');
  const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
  const index = headers.indexOf(header);
  const cell = row.children[index];
  if (!(cell instanceof HTMLElement)) throw new Error(`sem coluna ${header}`);
  return cell;
}

async function openRowAction(user: ReturnType<typeof userEvent.setup>, hub: string, action: string) {
  const row = await rowOf(hub);
  await user.click(within(row).getByRole('button', { name: `Ações para ${hub}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('VPN → Hubs', { timeout: 30_000 }, () => {
  it('lists the hubs: status from their reports, health problem, peers, gateways, endpoint', async () => {
    renderHubs();
    expect(screen.getByRole('tab', { name: 'Hubs' })).toHaveAttribute('aria-selected', 'true');
    const table = await hubsTable();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Nome',
      'Região',
      'Status',
      'Pares',
      'Gateways',
      'Último relatório',
      'Endpoint',
      'Ações',
    ]);
    const gateways = await storedGatewaysOnHub(SEED_HUB.id);
    const sp = await rowOf(SEED_HUB.name);
    expect(cellOf(sp, 'Região')).toHaveTextContent(SEED_HUB.region);
    expect(cellOf(sp, 'Status')).toHaveTextContent('Online');
    expect(cellOf(sp, 'Gateways')).toHaveTextContent(String(gateways));
    expect(cellOf(sp, 'Pares')).toHaveTextContent(String(gateways + 3));
    expect(cellOf(sp, 'Endpoint')).toHaveTextContent(SEED_HUB.endpoint);
    const poa = await rowOf('hub-poa-1');
    expect(cellOf(poa, 'Status')).toHaveTextContent('Offline');
    expect(cellOf(poa, 'Status')).toHaveTextContent(POA_PROBLEM);
    expect(cellOf(poa, 'Gateways')).toHaveTextContent(String(poaGateways));
    expect(cellOf(poa, 'Endpoint')).toHaveTextContent('203.0.113.20:51821');
  });

  it('"Novo hub": the form says what is missing or wrong, then the hub is listed without a report', async () => {
    const { user } = renderHubs();
    await hubsTable();
    await user.click(screen.getByRole('button', { name: 'Novo hub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo hub' });
    expect(within(dialog).getByLabelText(/^Porta/)).toHaveValue('51820');
    await user.clear(within(dialog).getByLabelText(/^Porta/));
    await user.type(within(dialog).getByLabelText(/^Porta/), '70000');
    await user.type(within(dialog).getByLabelText(/^Endpoint \(host\)/), 'https://vpn');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(HUB_NAME_MESSAGE)).toBeVisible();
    expect(within(dialog).getByText(HUB_REGION_MESSAGE)).toBeVisible();
    expect(within(dialog).getByText(HUB_HOST_MESSAGE)).toBeVisible();
    expect(within(dialog).getByText(HUB_PORT_MESSAGE)).toBeVisible();

    await user.type(within(dialog).getByLabelText(/^Nome/), 'hub-rec-1');
    await user.type(within(dialog).getByLabelText(/^Região/), 'Recife');
    await user.clear(within(dialog).getByLabelText(/^Endpoint \(host\)/));
    await user.type(within(dialog).getByLabelText(/^Endpoint \(host\)/), 'vpn-rec1.ponteiiot.com.br');
    await user.clear(within(dialog).getByLabelText(/^Porta/));
    await user.type(within(dialog).getByLabelText(/^Porta/), '51830');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Hub hub-rec-1 cadastrado. Emita a credencial dele em “Nova credencial”.', { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo hub' })).toBeNull());
    const row = await rowOf('hub-rec-1');
    expect(cellOf(row, 'Status')).toHaveTextContent('Offline');
    expect(cellOf(row, 'Status')).toHaveTextContent('Ainda não se registrou');
    expect(cellOf(row, 'Último relatório')).toHaveTextContent('Nunca');
    expect(cellOf(row, 'Endpoint')).toHaveTextContent('vpn-rec1.ponteiiot.com.br:51830');
    expect(await storedHub('hub-rec-1')).toMatchObject({ region: 'Recife', endpoint_port: 51830 });
  });

  it('"Editar" saves over the version shown', async () => {
    const { user } = renderHubs();
    await openRowAction(user, 'hub-poa-1', 'Editar');
    const dialog = await screen.findByRole('dialog', { name: 'Editar hub' });
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('hub-poa-1');
    await user.clear(within(dialog).getByLabelText(/^Região/));
    await user.type(within(dialog).getByLabelText(/^Região/), 'Rio Grande do Sul');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Alterações salvas.', { timeout: 5000 });
    await waitFor(async () => expect(cellOf(await rowOf('hub-poa-1'), 'Região')).toHaveTextContent('Rio Grande do Sul'));
  });

  it('"Nova credencial": asked first; the token is shown once, with a copy button', async () => {
    const { user } = renderHubs();
    const before = (await storedHub(SEED_HUB.name))?.token_hash;
    await openRowAction(user, SEED_HUB.name, 'Nova credencial');
    const confirm = await screen.findByRole('alertdialog', { name: 'Emitir nova credencial?' });
    expect(confirm).toHaveTextContent(`A credencial atual de ${SEED_HUB.name} deixa de funcionar na hora`);
    // Cancel changes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await storedHub(SEED_HUB.name))?.token_hash).toBe(before);

    await openRowAction(user, SEED_HUB.name, 'Nova credencial');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Emitir nova credencial' }));
    const shown = await screen.findByRole('dialog', { name: `Credencial do hub ${SEED_HUB.name}` }, { timeout: 5000 });
    const field = within(shown).getByRole('textbox', { name: 'Credencial' });
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) throw new Error('sem o campo da credencial');
    const token = field.value;
    expect(token).not.toBe('');
    // The server keeps only its SHA-256: the one shown is the one now in force, a new one.
    const stored = (await storedHub(SEED_HUB.name))?.token_hash;
    expect(stored).not.toBe(before);
    expect(stored).toBe(await sha256Hex(token));
    expect(within(shown).getByText(CREDENTIAL_ONCE_MESSAGE)).toBeVisible();
    expect(within(shown).getByRole('button', { name: 'Copiar credencial' })).toBeVisible();

    await user.click(within(shown).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Gone from the page: it is not shown again.
    expect(screen.queryByDisplayValue(token)).toBeNull();
    expect(document.body.textContent).not.toContain(token);
  });

  it('"Mover gateway": by serial number to another hub, the answer said plainly; an unknown gateway is refused', async () => {
    const { user } = renderHubs();
    await hubsTable();
    const [device] = await testSql<{ id: string; serialNumber: string }>(
      'SELECT d.id, d.serial_number AS serialNumber FROM vpn_node n JOIN device d ON d.id = n.device_id ORDER BY n.id LIMIT 1',
    );
    if (!device) throw new Error('the seed has a VPN node with its gateway');

    await user.click(screen.getByRole('button', { name: 'Mover gateway' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mover gateway' });
    await user.click(within(dialog).getByRole('button', { name: 'Mover gateway' }));
    expect(await within(dialog).findByText('Informe o gateway a mover.')).toBeVisible();
    expect(within(dialog).getByText('Escolha o hub de destino.')).toBeVisible();

    await user.type(within(dialog).getByLabelText(/^Gateway/), 'device-inexistente');
    await user.selectOptions(within(dialog).getByLabelText(/^Hub de destino/), poaId);
    await user.click(within(dialog).getByRole('button', { name: 'Mover gateway' }));
    expect(await within(dialog).findByText('Gateway não encontrado.', {}, { timeout: 5000 })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openRowAction(user, 'hub-poa-1', 'Mover gateway para este hub');
    dialog = await screen.findByRole('dialog', { name: 'Mover gateway' });
    expect(within(dialog).getByLabelText(/^Hub de destino/)).toHaveValue(poaId);
    await user.type(within(dialog).getByLabelText(/^Gateway/), device.serialNumber);
    await user.click(within(dialog).getByRole('button', { name: 'Mover gateway' }));
    const status = await within(dialog).findByRole('status', {}, { timeout: 5000 });
    expect(status).toHaveTextContent('Gateway movido para hub-poa-1.');
    expect(status).toHaveTextContent(HUB_MESSAGES.movedNeedsNewFile);
    expect(await testSql('SELECT hub_id FROM device WHERE id = ?', [device.id])).toEqual([{ hub_id: poaId }]);

    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    await waitFor(async () => expect(cellOf(await rowOf('hub-poa-1'), 'Gateways')).toHaveTextContent(String(poaGateways + 1)));
  });
});
