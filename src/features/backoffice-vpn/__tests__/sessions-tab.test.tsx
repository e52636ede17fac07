/**
 * Back office → VPN → "Sessões" (issue 25 item 6): every builder's active remote-access sessions, and "Encerrar" with
 * a reason (required), the staff member recorded as who ended it, the session gone from the list.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { setTokenProvider } from '@/lib/api/token';
import { remoteAccessStore } from '@/testing/fake-api/resources/remote-access/handlers';
import { makeTestToken } from '@/testing/test-token';
import { TEST_API_URL, testDb } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import VpnScreen from '../screens/vpn';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', name: 'Ana Suporte', admin: true });
const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

/** An active session of the demo builder on a machine with a gateway, a LAN and services. */
async function activeSession() {
  const machine = testDb().data.machines.find((m) => m.ownerUid === DEMO_CUSTOMER_UID && m.deviceId !== null && m.lanSubnet !== '' && (m.services?.length ?? 1) > 0);
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

describe('VPN → Sessões', () => {
  it('lists the active sessions of every builder; "Encerrar" asks for a reason and ends it with the staff member as actor', async () => {
    const { id, machine } = await activeSession();
    const user = userEvent.setup();
    renderRoutes([{ path: '/backoffice-vpn-user', element: <VpnScreen /> }], { path: '/backoffice-vpn-user?tab=sessoes' });
    expect(screen.getByRole('tab', { name: 'Sessões' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Sessões de acesso remoto ativas' });
    const row = (await within(table).findByText(machine.name)).closest('tr') as HTMLElement;
    const builder = testDb().data.assemblers.find((a) => a.uid === DEMO_CUSTOMER_UID)?.name ?? '';
    expect(row).toHaveTextContent(builder);
    expect(row).toHaveTextContent('Ainda não conectou');

    await user.click(within(row).getByRole('button', { name: /^Ações para / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Encerrar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encerrar sessão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    expect(await within(dialog).findByText('Informe o motivo do encerramento.')).toBeVisible();
    expect(within(dialog).getByLabelText(/Motivo do encerramento/)).toHaveFocus();
    await user.type(within(dialog).getByLabelText(/Motivo do encerramento/), 'Acesso fora do contrato');
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText('Sessão encerrada.')).toBeVisible();
    expect(await screen.findByText('Nenhuma sessão ativa')).toBeVisible();

    const store = remoteAccessStore(testDb().data);
    expect(store.sessions.find((session) => session.id === id)).toMatchObject({ status: 'ended', endReason: 'Acesso fora do contrato', endedByName: 'Ana Suporte (suporte Ponte IIoT)' });
    expect(store.events.at(-1)).toMatchObject({ kind: 'ended', sessionId: id, actorUid: DEMO_ADMIN_UID, reason: 'Acesso fora do contrato' });
  });
});
