import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setUser } from '@/features/auth/auth-slice';
import { DEMO_EXPIRED_INVITATION_TOKEN, DEMO_INVITATION_EMAIL, DEMO_INVITATION_TOKEN } from '@/seed/team/seed';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { createAppStore } from '@/app/store';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import { call } from '@/testing/demo-api';
import { makeTokenHash } from '@/testing/mail-data';
import { testSql } from '@/testing/msw-server';
import { makeTestToken } from '@/testing/test-token';
import { renderRoutes } from '@/testing/render';
import InviteScreen from '../screens/invite';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

interface MemberRow {
  name: string;
  role: string;
  accountUid: string;
}

/** The team member with the invitee's e-mail, if any (the database: what accepting made). */
async function invitee(): Promise<MemberRow | undefined> {
  const [row] = await testSql<MemberRow>('SELECT name, role, account_uid AS accountUid FROM team_member WHERE email = ?', [DEMO_INVITATION_EMAIL]);
  return row;
}

beforeEach(async () => {
  resetFakeIdentity();
  // The seed is at TEST_NOW and the server's clock is real: the pending invitation still valid today.
  await testSql('UPDATE invitation SET expires_at = ? WHERE token = ?', [Date.now() + 86_400_000, await makeTokenHash(DEMO_INVITATION_TOKEN)]);
});

function renderInvite(token: string, signedIn: { uid: string; email: string; name: string } | null = null) {
  const store = createAppStore();
  store.dispatch(setUser(signedIn ? { ...signedIn, cnpj: '', admin: false } : null));
  return renderRoutes(
    [
      { path: '/invite/:token', element: <InviteScreen /> },
      { path: '/', element: <h1>Portal</h1> },
      { path: '/login', element: <h1>Entrar</h1> },
    ],
    { path: `/invite/${token}`, store },
  );
}

describe('/invite/:token', { timeout: 20_000 }, () => {
  it('a signed-out invitee creates an account (no CNPJ) and joins the builder as its role', async () => {
    const user = userEvent.setup();
    const { store } = renderInvite(DEMO_INVITATION_TOKEN);
    expect(await screen.findByText(/convidou/)).toHaveTextContent(
      `Maria Oliveira Santos convidou ${DEMO_INVITATION_EMAIL} para a equipe de Maria Oliveira Santos no Ponte IIoT.`,
    );
    expect(screen.getByText('Técnico')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.queryByLabelText(/CNPJ/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Criar conta e aceitar' }));
    expect(await screen.findByText('Informe o nome.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nome/), 'Pedro Alves');
    await user.type(screen.getByLabelText(/Senha/), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Criar conta e aceitar' }));
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
    expect(await invitee()).toEqual({ name: 'Pedro Alves', role: 'tecnico', accountUid: DEMO_CUSTOMER_UID });
    const [company] = await testSql<{ cnpj: string }>('SELECT cnpj FROM assembler WHERE uid = ?', [DEMO_CUSTOMER_UID]);
    expect(company?.cnpj).toBeTruthy();
    expect(store.getState().auth.user).toMatchObject({ email: DEMO_INVITATION_EMAIL, name: 'Pedro Alves', cnpj: company?.cnpj });
    // No company was created for the invitee.
    expect(await testSql('SELECT uid FROM assembler WHERE lower(email) = ?', [DEMO_INVITATION_EMAIL])).toEqual([]);
  });

  it('"Entrar para aceitar": an existing identity without a company signs in and joins; a wrong password is said', async () => {
    const user = userEvent.setup();
    const fake = resetFakeIdentity();
    await fake.createAccount(DEMO_INVITATION_EMAIL, 'segredo123', 'Pedro Alves');
    await fake.signOut();
    renderInvite(DEMO_INVITATION_TOKEN);
    await user.click(await screen.findByRole('button', { name: 'Entrar para aceitar' }));
    expect(screen.getByLabelText(/E-mail/)).toHaveValue(DEMO_INVITATION_EMAIL);
    await user.type(screen.getByLabelText(/Senha/), 'errada1');
    await user.click(screen.getByRole('button', { name: 'Entrar e aceitar' }));
    expect(await screen.findByText('E-mail ou senha incorretos.')).toBeInTheDocument();
    expect(fake.currentUser()).toBeNull();
    await user.clear(screen.getByLabelText(/Senha/));
    await user.type(screen.getByLabelText(/Senha/), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar e aceitar' }));
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
    expect(await invitee()).toMatchObject({ role: 'tecnico', name: 'Pedro Alves' });
  });

  it('says when the link was revoked, has expired or does not exist', async () => {
    // Maria revokes it (Equipe → Revogar convite).
    expect((await call('/team/invitation/invitation-1001/revoke', { method: 'POST', token: maria })).status).toBe(200);
    const first = renderInvite(DEMO_INVITATION_TOKEN);
    expect(await screen.findByText('Este convite foi cancelado por quem o enviou.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar conta' })).toBeNull();
    first.unmount();
    const second = renderInvite(DEMO_EXPIRED_INVITATION_TOKEN);
    expect(await screen.findByText(/^Este convite expirou\. Peça um novo a quem convidou você\./)).toBeInTheDocument();
    second.unmount();
    renderInvite('nao-existe');
    expect(await screen.findByText(/^Convite não encontrado\./)).toBeInTheDocument();
  });

  it('opened while signed in as someone else: refused, with "Sair desta conta"', async () => {
    renderInvite(DEMO_INVITATION_TOKEN, { uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', name: 'Maria Oliveira Santos' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Você entrou como cliente@example.com. Este convite é para ${DEMO_INVITATION_EMAIL}. Saia e entre com esse e-mail para aceitá-lo.`,
    );
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sair desta conta' })).toBeInTheDocument();
    await waitFor(async () => expect(await invitee()).toBeUndefined());
  });
});
