import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { preloadToasts, Toaster } from '@/components/ui/toast';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { testFaults, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { signIn } from '../auth-actions';
import { startAuthListener } from '../auth-listener';
import { readAuthData } from '../auth-storage';
import { RequireAuth } from '../components/require-auth';
import { expectToast } from '@/testing/toast';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

const EMAIL = 'ana.lima@gmail.com';
const VALID_CNPJ = '11.222.333/0001-81';
/** Maria's company (the demo builder): registered by another account. */
const TAKEN_CNPJ = '45.278.193/0001-85';
const CNPJ_TAKEN_MESSAGE = 'Este CNPJ já está cadastrado. Entre com a conta da empresa ou fale com o suporte.';

// sonner is a lazy chunk: loaded once up front (as the signed-in shells do), the first toast does not wait for it.
beforeAll(() => preloadToasts());

let fake: FakeIdentity;
beforeEach(() => {
  fake = resetFakeIdentity();
});

/**
 * The portal behind RequireAuth at /setup/PNT-7K2M-4Q9X-3FJD (a return path), with a person signed in at the identity
 * service whose builder record does not exist; the identity listener finds that out (GET /me 404).
 */
async function portalForNewPerson() {
  const identityUser = await fake.createAccount(EMAIL, 'segredo1', 'Ana Lima');
  const store = createAppStore();
  startAuthListener(store.dispatch, 'portal');
  const result = renderRoutes(
    [
      {
        path: '/setup/:code',
        element: (
          <>
            <RequireAuth area="portal">
              <h1>Configurar dispositivo</h1>
            </RequireAuth>
            <Toaster />
          </>
        ),
      },
      { path: '/login', element: <h1>Entrar</h1> },
    ],
    { path: '/setup/PNT-7K2M-4Q9X-3FJD', store },
  );
  await screen.findByRole('heading', { name: 'Complete seu cadastro' }, { timeout: 5000 });
  return { ...result, identityUser };
}

/** The builder records (table `assembler`) of this person. */
const assemblersOf = (uid: string) =>
  testSql<{ name: string; cnpj: string; email: string }>('SELECT name, cnpj, email FROM assembler WHERE uid = ?', [uid]);

// Several steps per test (identity, GET /me, POST /assembler) on a shared 2-core machine.
describe('Complete seu cadastro', { timeout: 15_000 }, () => {
  it('asks Nome and CNPJ of a signed-in person without a builder record; the portal stays closed', async () => {
    await portalForNewPerson();
    expect(screen.getByText(EMAIL)).toBeVisible();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Lima');
    expect(screen.getByLabelText('Nome')).toBeRequired();
    expect(screen.getByLabelText('CNPJ')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Concluir cadastro' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Configurar dispositivo' })).not.toBeInTheDocument();
  });

  it('refuses a bad CNPJ and an empty name at their fields, and sends nothing', async () => {
    const user = userEvent.setup();
    const { identityUser } = await portalForNewPerson();
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('CNPJ'), '11222333000182');
    await user.click(screen.getByRole('button', { name: 'Concluir cadastro' }));
    expect(screen.getByText('Informe o nome.')).toBeVisible();
    expect(screen.getByText('CNPJ inválido.')).toBeVisible();
    expect(screen.getByLabelText('Nome')).toHaveFocus();
    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-82');
    expect(await assemblersOf(identityUser.uid)).toHaveLength(0);
  });

  it('refuses the CNPJ of another builder with the server\'s message, keeping what was typed', async () => {
    const user = userEvent.setup();
    const { identityUser, store } = await portalForNewPerson();
    await user.type(screen.getByLabelText('CNPJ'), TAKEN_CNPJ);
    await user.click(screen.getByRole('button', { name: 'Concluir cadastro' }));
    await waitFor(() => expect(screen.getByLabelText('CNPJ')).toHaveAccessibleDescription(CNPJ_TAKEN_MESSAGE));
    expect(screen.getAllByText(CNPJ_TAKEN_MESSAGE)[0]).toBeVisible();
    expect(screen.getByLabelText('CNPJ')).toHaveValue(TAKEN_CNPJ);
    // The form focuses the invalid field once the submit has ended (an effect after the message's render).
    await waitFor(() => expect(screen.getByLabelText('CNPJ')).toHaveFocus());
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Lima');
    expect(await assemblersOf(identityUser.uid)).toHaveLength(0);
    expect(store.getState().auth.user).toBeNull();
  });

  it('a failing server is said above the button and the retry completes it once', async () => {
    const user = userEvent.setup();
    const { identityUser } = await portalForNewPerson();
    await user.type(screen.getByLabelText('CNPJ'), VALID_CNPJ);
    testFaults.set({ mode: 'offline', match: '/assembler', remaining: 1 });
    await user.click(screen.getByRole('button', { name: 'Concluir cadastro' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Não foi possível falar com o servidor/);
    await user.click(screen.getByRole('button', { name: 'Concluir cadastro' }));
    expect(await screen.findByRole('heading', { name: 'Configurar dispositivo' })).toBeVisible();
    expect(await assemblersOf(identityUser.uid)).toHaveLength(1);
  });

  it('success: registers the builder (the registration contract) and opens the portal where the person was going', async () => {
    const user = userEvent.setup();
    const { identityUser, store, router } = await portalForNewPerson();
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Usinagem Lima Ltda');
    await user.type(screen.getByLabelText('CNPJ'), '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Concluir cadastro' }));
    expect(await screen.findByRole('heading', { name: 'Configurar dispositivo' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/setup/PNT-7K2M-4Q9X-3FJD');
    expect(await assemblersOf(identityUser.uid)).toEqual([
      expect.objectContaining({ name: 'Usinagem Lima Ltda', cnpj: '11222333000181', email: EMAIL }),
    ]);
    expect(store.getState().auth.user).toMatchObject({ uid: identityUser.uid, name: 'Usinagem Lima Ltda', cnpj: '11222333000181' });
    expect(store.getState().auth.pendingProfile).toBeUndefined();
    expect(readAuthData()?.user.uid).toBe(identityUser.uid);
    await expectToast('Cadastro concluído. Bem-vindo ao Ponte IIoT!');
  });

  it('"Sair e usar outra conta" ends the session and goes to the sign-in page', async () => {
    const user = userEvent.setup();
    await portalForNewPerson();
    await user.click(screen.getByRole('button', { name: 'Sair e usar outra conta' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeVisible();
    expect(fake.currentUser()).toBeNull();
  });
});

describe('the e-mail sign-in of an account without a builder record', () => {
  it('stays signed in and leads to Complete seu cadastro instead of an error', async () => {
    const created = await fake.createAccount('sem.empresa@exemplo.com.br', 'segredo1', 'Bruno');
    await fake.signOut();
    const store = createAppStore();
    const result = await store.dispatch(signIn({ email: 'sem.empresa@exemplo.com.br', password: 'segredo1', area: 'portal' })).unwrap();
    expect(result).toBeNull();
    expect(store.getState().auth).toMatchObject({
      user: null,
      error: null,
      loading: false,
      pendingProfile: { uid: created.uid, email: 'sem.empresa@exemplo.com.br', name: 'Bruno' },
    });
    expect(fake.currentUser()?.uid).toBe(created.uid);
  });

  it('in the back office it is still refused (no admin claim)', async () => {
    await fake.createAccount('sem.empresa@exemplo.com.br', 'segredo1');
    await fake.signOut();
    const store = createAppStore();
    await expect(
      store.dispatch(signIn({ email: 'sem.empresa@exemplo.com.br', password: 'segredo1', area: 'backoffice' })).unwrap(),
    ).rejects.toEqual({ message: 'Usuário não autorizado' });
    expect(store.getState().auth.pendingProfile).toBeUndefined();
    await waitFor(() => expect(fake.currentUser()).toBeNull());
  });
});
