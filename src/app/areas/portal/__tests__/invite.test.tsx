import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setUser } from '@/features/auth/auth-slice';
import { DEMO_EXPIRED_INVITATION_TOKEN, DEMO_INVITATION_EMAIL, DEMO_INVITATION_TOKEN } from '@/seed/team/seed';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { createAppStore } from '@/app/store';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import { testDb } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import InviteScreen from '../screens/invite';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

beforeEach(() => {
  resetFakeIdentity();
  const invitation = testDb().data.invitations.find((i) => i.token === DEMO_INVITATION_TOKEN);
  if (invitation) invitation.expiresAt = Date.now() + 86_400_000;
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
    const member = testDb().data.teamMembers.find((m) => m.email === DEMO_INVITATION_EMAIL);
    expect(member).toMatchObject({ name: 'Pedro Alves', role: 'tecnico', accountUid: DEMO_CUSTOMER_UID });
    const cnpj = testDb().data.assemblers.find((a) => a.uid === DEMO_CUSTOMER_UID)?.cnpj;
    expect(store.getState().auth.user).toMatchObject({ email: DEMO_INVITATION_EMAIL, name: 'Pedro Alves', cnpj });
    // No company was created for the invitee.
    expect(testDb().data.assemblers.some((a) => a.email === DEMO_INVITATION_EMAIL)).toBe(false);
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
    expect(testDb().data.teamMembers.find((m) => m.email === DEMO_INVITATION_EMAIL)).toMatchObject({ role: 'tecnico', name: 'Pedro Alves' });
  });

  it('says when the link was revoked, has expired or does not exist', async () => {
    const invitation = testDb().data.invitations.find((i) => i.token === DEMO_INVITATION_TOKEN);
    if (invitation) invitation.status = 'revogado';
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
    await waitFor(() => expect(testDb().data.teamMembers.some((m) => m.email === DEMO_INVITATION_EMAIL)).toBe(false));
  });
});
