/**
 * Remote access in the portal (issue 25), against the unit tests' API: "Conectar" on a machine's page (the profile
 * made in the page: AllowedIPs = the machine's tunnel subnet, WireGuard keys), Leitura locked, a machine without a gateway,
 * the server's refusals in the dialog, "Acesso Remoto" (Ativos → Encerrar → Histórico) and the policy in
 * Configurações.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isWireguardKey, REASON_MISSING, REMOTE_ACCESS_MESSAGES, remoteAdminForbiddenMessage } from '@/contracts/remote-access';
import { PermissionsProvider } from '@/components/ui/permissions';
import { portalPatterns, portalPaths } from '@/config/paths';
import { locksOf } from '@/entities/access/api';
import { setTokenProvider } from '@/lib/api/token';
import { downloadFile } from '@/lib/download';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import type { TeamRole } from '@/contracts/team-roles';
import MachineScreen from '@/app/areas/portal/screens/machine-detail';
import { makeTestToken } from '@/testing/test-token';
import { server, TEST_API_URL } from '@/testing/msw-server';
import {
  arrangeRemoteAccessRequest,
  demoMachine,
  arrangeDownloadedProfile,
  storedEverything,
  arrangeHeldHandshake,
  isReachable,
  storedPolicy,
  storedSessions,
  arrangePolicy,
} from '@/testing/remote-access-data';
import { renderRoutes } from '@/testing/render';
import { RemoteAccessPolicySection } from '../components/policy-section';
import { RemoteAccessScreen } from '../screens/remote-access';
import { X25519_UNSUPPORTED_MESSAGE } from '../wireguard';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn() }));

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const juliana = makeTestToken({ uid: 'demo-leitura-juliana', email: 'juliana.nakamura@oliveira.exemplo.com.br' });

/** A machine with an online gateway, a LAN and services. */
const reachable = () => demoMachine(isReachable);

/** An error answer as the API gives it. */
const apiError = (status: number, code: string, message: string) => HttpResponse.json({ error: { code, message } }, { status });

function renderMachine(id: string, token = maria, role: TeamRole = 'administrador') {
  setTokenProvider(() => Promise.resolve(token));
  return renderRoutes(
    [
      {
        path: portalPatterns.machine,
        element: (
          <PermissionsProvider locks={locksOf(role)}>
            <MachineScreen />
          </PermissionsProvider>
        ),
      },
    ],
    { path: portalPaths.machine(id) },
  );
}

async function openConnect() {
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Acesso remoto' });
  await user.click(within(section).getByRole('button', { name: 'Conectar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Conectar à máquina' });
  return { user, dialog };
}

beforeEach(() => {
  vi.mocked(downloadFile).mockClear();
});

describe('Acesso remoto', { timeout: 20_000 }, () => {
  it('"Conectar": Motivo, 1 hora, Gerar acesso → the profile made in the page, reaching only the machine', async () => {
    const machine = await reachable();
    renderMachine(machine.id);
    const { user, dialog } = await openConnect();
    const duration = within(dialog).getByLabelText(/^Duração/);
    expect(within(duration).getAllByRole('option').map((option) => option.textContent)).toEqual(['1 hora', '4 horas', '8 horas', '24 horas']);
    const services = within(dialog).getByRole('group', { name: 'Serviços' });
    const boxes = within(services).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box).toBeChecked();

    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Ajuste de receita no CLP');
    await user.selectOptions(duration, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar acesso' }));

    expect(await within(dialog).findByText(/^Acesso liberado até \d{2}\/\d{2}\/\d{4}/, {}, { timeout: 5000 })).toBeVisible();
    expect(await within(dialog).findByRole('img', { name: /QR code do perfil WireGuard/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Baixar perfil WireGuard' }));

    expect(downloadFile).toHaveBeenCalledTimes(1);
    const [fileName, content] = vi.mocked(downloadFile).mock.calls[0] as [string, string];
    expect(fileName).toMatch(/\.conf$/);
    // Issue 34: the machine's tunnel subnet (the gateway maps it onto the LAN), never the LAN itself.
    expect(machine.tunnelSubnet).toBeTruthy();
    expect(content).toContain(`AllowedIPs = ${machine.tunnelSubnet ?? ''}\n`);
    expect(content).not.toContain('0.0.0.0/0');
    // The hub of the machine's gateway (issue 34): the demo's, on this machine (src/server/demo/seed/vpn.ts, DEMO_HUB).
    expect(content).toMatch(/^Endpoint = 127\.0\.0\.1:51820$/m);
    expect(content).toMatch(/^PersistentKeepalive = 25$/m);
    const privateKey = /^PrivateKey = (.+)$/m.exec(content)?.[1] ?? '';
    const peerKey = /^PublicKey = (.+)$/m.exec(content)?.[1] ?? '';
    expect(privateKey).toHaveLength(44);
    expect(isWireguardKey(privateKey)).toBe(true);
    expect(isWireguardKey(peerKey)).toBe(true);

    // Only the public key reached the server, and never the private one.
    const [session] = await storedSessions();
    expect(session?.status).toBe('active');
    expect(isWireguardKey(session?.wgPublicKey ?? '')).toBe(true);
    expect(session?.wgPublicKey).not.toBe(privateKey);
    expect(await storedEverything()).not.toContain(privateKey);
    expect(session?.reason).toBe('Ajuste de receita no CLP');
    expect(session?.durationHours).toBe(1);
  });

  it('says in pt-BR what is missing, before any request', async () => {
    renderMachine((await reachable()).id);
    const { user, dialog } = await openConnect();
    await user.click(within(dialog).getByRole('button', { name: 'Gerar acesso' }));
    expect(await within(dialog).findByText(REASON_MISSING)).toBeVisible();
    expect(await storedSessions()).toHaveLength(0);
  });

  it('a pending request says "Aguardando aprovação" and makes no profile', async () => {
    const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos.prado@oliveira.exemplo.com.br' });
    await arrangePolicy({ requireApproval: true, maxDurationHours: 8, version: 2 });
    renderMachine((await reachable()).id, carlos, 'tecnico');
    const { user, dialog } = await openConnect();
    // The account's maximum: 8 horas.
    await waitFor(() =>
      expect(within(within(dialog).getByLabelText(/^Duração/)).getAllByRole('option').map((option) => option.textContent)).toEqual([
        '1 hora',
        '4 horas',
        '8 horas',
      ]),
    );
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Troca de firmware');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar acesso' }));
    expect(await within(dialog).findByText('Aguardando aprovação')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Baixar perfil WireGuard' })).toBeNull();
    expect((await storedSessions())[0]?.status).toBe('pending');
  });

  it('a browser without X25519 is told what to use instead, and nothing is sent', async () => {
    const generateKey = vi.spyOn(crypto.subtle, 'generateKey').mockRejectedValueOnce(new DOMException('Unrecognized name.', 'NotSupportedError'));
    renderMachine((await reachable()).id);
    const { user, dialog } = await openConnect();
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Diagnóstico');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar acesso' }));
    expect(await within(dialog).findByText(X25519_UNSUPPORTED_MESSAGE)).toBeVisible();
    expect(await storedSessions()).toHaveLength(0);
    generateKey.mockRestore();
  });

  it('Leitura sees "Conectar" locked, with the reason', async () => {
    renderMachine((await reachable()).id, juliana, 'leitura');
    const section = await screen.findByRole('region', { name: 'Acesso remoto' });
    const button = within(section).getByRole('button', { name: /Conectar/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(within(section).getByText(/Seu perfil \(Leitura\) não permite/)).toBeVisible();
    await userEvent.setup().click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a machine without a gateway says why it cannot be reached', async () => {
    const machine = await demoMachine((m) => m.deviceId === null);
    renderMachine(machine.id);
    const section = await screen.findByRole('region', { name: 'Acesso remoto' });
    expect(within(section).getByText(REMOTE_ACCESS_MESSAGES.noGateway)).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Conectar' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows the server's refusal in the dialog and keeps what was typed; a failed profile is said, nothing shown", async () => {
    const machine = await reachable();
    server.use(
      http.post(`${TEST_API_URL}/machine/:id/remote-access`, () =>
        apiError(409, 'no-lan-subnet', REMOTE_ACCESS_MESSAGES.noLanSubnet),
      ),
    );
    renderMachine(machine.id);
    const { user, dialog } = await openConnect();
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Diagnóstico');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar acesso' }));
    expect(await within(dialog).findByText(REMOTE_ACCESS_MESSAGES.noLanSubnet)).toBeVisible();
    expect(within(dialog).getByLabelText(/^Motivo/)).toHaveValue('Diagnóstico');

    // The VPN API down while the profile is made: said, with "Tentar novamente"; no half-made profile.
    server.resetHandlers();
    const down = 'O servidor VPN não respondeu. Tente novamente em instantes.';
    server.use(http.post(`${TEST_API_URL}/remote-access/session/:id/profile`, () => apiError(503, 'vpn-unavailable', down)));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar acesso' }));
    expect(await within(dialog).findByText(down)).toBeVisible();
    expect(within(dialog).queryByText(/Acesso liberado até/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Baixar perfil WireGuard' })).toBeNull();
    server.resetHandlers();
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText(/^Acesso liberado até/)).toBeVisible();
    expect(await storedSessions()).toHaveLength(1);
  });

  it('"Acesso Remoto": the session in Ativos, "Encerrar" after the confirmation, every step in Histórico', async () => {
    const machine = await reachable();
    setTokenProvider(() => Promise.resolve(maria));
    const session = await arrangeRemoteAccessRequest(machine.id, 'Ajuste de receita no CLP', 1, maria);
    await arrangeDownloadedProfile(session.id, 'HG7cXbE3togXgynzrbeMzxaQrqp53KCxTlCpSTywoaA=', maria);
    // Ended before the stand-in hub reports its handshake: no "Conectado" in Histórico.
    await arrangeHeldHandshake(session.id);
    const user = userEvent.setup();
    renderRoutes(
      [{ path: portalPaths.remoteAccess, element: <RemoteAccessScreen currentUid={DEMO_CUSTOMER_UID} /> }],
      { path: portalPaths.remoteAccess },
    );
    // The table shows its loading rows first: wait for the session's.
    const active = await screen.findByRole('table', { name: 'Acessos ativos' });
    const row = (await within(active).findByRole('link', { name: machine.name })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Encerrar/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Encerrar acesso?' });
    await user.click(within(confirm).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText('Nenhum acesso ativo')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Histórico' }));
    const history = await screen.findByRole('table', { name: 'Histórico de acesso remoto' });
    const kinds = () =>
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.querySelectorAll('td')[0]?.textContent);
    await waitFor(() => expect(kinds()).toEqual(['Encerrado', 'Perfil baixado', 'Aprovado', 'Solicitado']));
  });

  it('Configurações: an Administrador saves the policy; Leitura sees it locked', async () => {
    setTokenProvider(() => Promise.resolve(maria));
    const user = userEvent.setup();
    const { unmount } = renderRoutes([{ path: '/', element: <RemoteAccessPolicySection /> }]);
    const checkbox = await screen.findByRole('checkbox', { name: 'Exigir aprovação de um Administrador' });
    await user.click(checkbox);
    await user.selectOptions(screen.getByLabelText(/^Duração máxima/), '8');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect(await storedPolicy()).toMatchObject({ requireApproval: true, maxDurationHours: 8, version: 2 }));
    unmount();

    setTokenProvider(() => Promise.resolve(juliana));
    renderRoutes([{ path: '/', element: <RemoteAccessPolicySection /> }]);
    expect(await screen.findByText(remoteAdminForbiddenMessage('leitura'))).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Exigir aprovação de um Administrador' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });
});
