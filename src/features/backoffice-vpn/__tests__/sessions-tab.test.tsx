/**
 * Back office → VPN → "Sessões" (issue 25 item 6): every builder's active remote-access sessions, and "Encerrar" with
 * a reason (required), the staff member recorded as who ended it, the session gone from the list.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { setTokenProvider } from '@/lib/api/token';
import { makeTestToken } from '@/testing/test-token';
import { TEST_API_URL, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import VpnScreen from '../screens/vpn';
import { expectToast } from '@/testing/toast';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', name: 'Ana Suporte', admin: true });
const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

/** An active session of the demo builder on a machine with a gateway, a LAN and services. */
async function activeSession() {
  const [machine] = await testSql<{ id: string; name: string }>(
    `SELECT id, name FROM machine
     WHERE owner_uid = ? AND device_id IS NOT NULL AND lan_subnet <> '' AND (services IS NULL OR json_array_length(services) > 0)
     ORDER BY id LIMIT 1`,
    [DEMO_CUSTOMER_UID],
  );
  if (!machine) throw new Error('the seed has a reachable machine');
  const headers = { Authorization: `Bearer ${maria}`, 'Content-Type': 'application/json' };
  const asked = await fetch(`${TEST_API_URL}/machine/${machine.id}/remote-access`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ reason: 'Ajuste de receita no CLP', durationHours: 4 }),
  });
  const { session } = (await asked.json()) as { session: { id: string } };
  await fetch(`${TEST_API_URL}/remote-access/session/${session.id}/profile`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ publicKey: 'HG7cXbE3togXgynzrbeMzxaQrqp53KCxTlCpSTywoaA=' }),
  });
  return { id: session.id, machine };
}

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(admin));
});

describe('VPN → Sessões', { timeout: 30_000 }, () => {
  it('lists the active sessions of every builder; "Encerrar" asks for a reason and ends it with the staff member as actor', async () => {
    const { id, machine } = await activeSession();
    const user = userEvent.setup();
    renderRoutes([{ path: '/backoffice-vpn-user', element: <VpnScreen /> }], { path: '/backoffice-vpn-user?tab=sessoes' });
    expect(screen.getByRole('tab', { name: 'Sessões' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Sessões de acesso remoto ativas' });
    const row = (await within(table).findByText(machine.name)).closest('tr') as HTMLElement;
    const [builder] = await testSql<{ name: string }>('SELECT name FROM assembler WHERE uid = ?', [DEMO_CUSTOMER_UID]);
    if (!builder) throw new Error('the seed has the demo builder');
    expect(row).toHaveTextContent(builder.name);
    expect(row).toHaveTextContent('Ainda não conectou');

    await user.click(within(row).getByRole('button', { name: /^Ações para / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Encerrar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encerrar sessão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    expect(await within(dialog).findByText('Informe o motivo do encerramento.')).toBeVisible();
    expect(within(dialog).getByLabelText(/Motivo do encerramento/)).toHaveFocus();
    await user.type(within(dialog).getByLabelText(/Motivo do encerramento/), 'Acesso fora do contrato');
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    await expectToast('Sessão encerrada.');
    expect(await screen.findByText('Nenhuma sessão ativa')).toBeVisible();

    expect(
      await testSql('SELECT status, end_reason, ended_by_name FROM remote_access_session WHERE id = ?', [id]),
    ).toEqual([{ status: 'ended', end_reason: 'Acesso fora do contrato', ended_by_name: 'Ana Suporte (suporte Ponte IIoT)' }]);
    const [last] = await testSql('SELECT kind, session_id, actor_uid, reason FROM remote_access_event ORDER BY at DESC, id DESC LIMIT 1');
    expect(last).toEqual({ kind: 'ended', session_id: id, actor_uid: DEMO_ADMIN_UID, reason: 'Acesso fora do contrato' });
  });
});
