import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { preloadToasts, resetToaster, toast, Toaster } from '@/components/ui/toast';
import { signInWithGooglePopup } from '@/lib/firebase-popup';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import { FakeAuthError, type FakeIdentity } from '@/testing/fake-identity';
import { server, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import type { User } from '@/lib/firebase';
import { setError } from '../auth-slice';
import { AUTH_DATA_KEY } from '../auth-storage';
import { GoogleSignIn } from '../components/google-sign-in';
import { SignInPanel } from '../components/sign-in-panel';
import type { AuthArea } from '../types';
import { expectToast } from '@/testing/toast';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));
// The lazy popup module (firebase/auth's popup resolver): each test says what the Google popup does.
vi.mock('@/lib/firebase-popup', () => ({ signInWithGooglePopup: vi.fn() }));

const popup = vi.mocked(signInWithGooglePopup);

const GOOGLE_EMAIL = 'ana.lima@gmail.com';

// sonner is a lazy chunk: loaded once up front (as the signed-in shells do), the first toast does not wait for it.
beforeAll(() => preloadToasts());

let fake: FakeIdentity;
afterEach(async () => {
  // sonner's toasts outlive a test: each test starts with none.
  await act(() => resetToaster());
});
beforeEach(() => {
  popup.mockReset();
  fake = resetFakeIdentity();
  // The demo's identity-service check on the sign-in panel (the Auth emulator answers).
  server.use(http.get('http://127.0.0.1:9099/', () => HttpResponse.text('Ready')));
  // A Google account the identity service knows (the fake signs it in when the "popup" completes).
  fake.accounts.set(GOOGLE_EMAIL, { uid: 'google-ana', email: GOOGLE_EMAIL, password: 'google', displayName: 'Ana Lima', admin: false });
});

/** The popup completes as this account. */
const popupSignsIn = (email: string, password: string) => popup.mockImplementation(() => fake.signIn(email, password));
const popupFails = (code: string) => popup.mockRejectedValue(new FakeAuthError(code));

function panel(area: AuthArea = 'portal', store = createAppStore()) {
  const signedIn = vi.fn();
  const result = renderRoutes(
    [
      {
        path: '/login',
        element: (
          <>
            <SignInPanel area={area} onSignedIn={signedIn} />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/login', store },
  );
  return { ...result, signedIn };
}

const googleButton = () => screen.getByRole('button', { name: 'Entrar com Google' });
const WAITING = 'Conclua o login na janela do Google.';

// Several steps per test (popup, identity, GET /me, toasts) on a shared 2-core machine.
describe('Entrar com Google', { timeout: 15_000 }, () => {
  it('is on the sign-in panel next to the e-mail form; a builder signs in and the page goes on', async () => {
    const user = userEvent.setup();
    popupSignsIn('cliente@example.com', 'demo1234');
    const { signedIn, store } = panel();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await user.click(googleButton());
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ name: 'Maria Oliveira Santos' })));
    expect(popup).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.user).toMatchObject({ uid: 'demo-cliente-maria', admin: false });
    // The toast fades in (sonner mounts it hidden, then shows it).
    await expectToast('Login realizado com sucesso.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says to wait for the popup while it is open', async () => {
    const user = userEvent.setup();
    popup.mockImplementation(() => new Promise<User>(() => undefined));
    panel();
    await user.click(googleButton());
    expect(await screen.findByText(WAITING)).toBeVisible();
    expect(googleButton()).toBeEnabled();
  });

  it.each([
    ['auth/popup-blocked', 'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente de novo.'],
    [
      'auth/network-request-failed',
      'Não foi possível conectar ao serviço de autenticação. Verifique sua conexão e tente novamente.',
    ],
    ['auth/internal-error', 'O serviço de autenticação falhou. Tente novamente em instantes.'],
    ['auth/unauthorized-domain', 'Este endereço não está autorizado a usar o login. Fale com o suporte.'],
    ['auth/web-storage-unsupported', 'Seu navegador bloqueia o armazenamento local. Habilite cookies e armazenamento para entrar.'],
    ['auth/operation-not-allowed', 'Este método de acesso não está habilitado.'],
    [
      'auth/account-exists-with-different-credential',
      'Este e-mail já tem uma conta com outro método de acesso. Entre com e-mail e senha.',
    ],
    ['auth/something-new', 'Erro ao fazer login'],
  ])('%s: says "%s" next to the button and in a toast', async (code, message) => {
    const user = userEvent.setup();
    popupFails(code);
    const { signedIn, store } = panel();
    await user.click(googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ user: null, error: message, loading: false });
    expect(signedIn).not.toHaveBeenCalled();
  });

  it.each(['auth/popup-closed-by-user', 'auth/cancelled-popup-request'])(
    '%s is quiet: no message, no toast, the button is ready again',
    async (code) => {
      const user = userEvent.setup();
      const errorToast = vi.spyOn(toast, 'error');
      popupFails(code);
      const { signedIn, store } = panel();
      await user.click(googleButton());
      await waitFor(() => expect(popup).toHaveBeenCalled());
      await waitFor(() => expect(screen.queryByText(WAITING)).not.toBeInTheDocument());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(errorToast).not.toHaveBeenCalled();
      expect(store.getState().auth.error).toBeNull();
      expect(signedIn).not.toHaveBeenCalled();
    },
  );

  it('a second click opens a new popup that cancels the first: quiet, and the second one signs in', async () => {
    const user = userEvent.setup();
    let cancelFirst: (error: unknown) => void = () => undefined;
    popup
      .mockImplementationOnce(
        () =>
          new Promise<User>((_resolve, reject) => {
            cancelFirst = reject;
          }),
      )
      .mockImplementationOnce(async () => {
        // What the SDK does: the new popup operation cancels the pending one.
        cancelFirst(new FakeAuthError('auth/cancelled-popup-request'));
        await new Promise((resolve) => setTimeout(resolve, 10));
        return fake.signIn('cliente@example.com', 'demo1234');
      });
    const { signedIn } = panel();
    await user.click(googleButton());
    expect(await screen.findByText(WAITING)).toBeVisible();
    await user.click(googleButton());
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
    expect(popup).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an attempt drops the notice the session check left behind', async () => {
    const user = userEvent.setup();
    popupFails('auth/popup-closed-by-user');
    const store = createAppStore();
    store.dispatch(setError('Usuário não autorizado'));
    panel('backoffice', store);
    expect(screen.getByRole('alert')).toHaveTextContent('Usuário não autorizado');
    await user.click(googleButton());
    await waitFor(() => expect(screen.queryByText(WAITING)).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a first Google sign-in without a builder record stays signed in, registration still to complete', async () => {
    const user = userEvent.setup();
    popupSignsIn(GOOGLE_EMAIL, 'google');
    const { signedIn, store } = panel();
    await user.click(googleButton());
    await waitFor(() =>
      expect(store.getState().auth.pendingProfile).toEqual({ uid: 'google-ana', email: GOOGLE_EMAIL, name: 'Ana Lima' }),
    );
    expect(store.getState().auth).toMatchObject({ user: null, error: null, loading: false });
    expect(fake.currentUser()?.uid).toBe('google-ana');
    expect(signedIn).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
    expect(await testSql('SELECT uid FROM assembler WHERE uid = ?', ['google-ana'])).toEqual([]);
  });
});

describe('Entrar com Google in the back office', { timeout: 15_000 }, () => {
  it('a Google account without the admin claim is refused with "Usuário não autorizado" and signed out', async () => {
    const user = userEvent.setup();
    popupSignsIn(GOOGLE_EMAIL, 'google');
    const { signedIn, store } = panel('backoffice');
    await user.click(googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário não autorizado');
    expect(signedIn).not.toHaveBeenCalled();
    expect(fake.currentUser()).toBeNull();
    expect(store.getState().auth.pendingProfile).toBeUndefined();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
  });

  it('the same refusal for a builder; an admin gets in', async () => {
    const user = userEvent.setup();
    popupSignsIn('cliente@example.com', 'demo1234');
    const { signedIn } = panel('backoffice');
    await user.click(googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário não autorizado');
    popupSignsIn('admin@example.com', 'demo1234');
    await user.click(googleButton());
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ admin: true, name: 'Rafael Souza Lima' })));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the Google button alone (registration page)', () => {
  it('is a plain button with the Google mark hidden from assistive technology', () => {
    renderRoutes([{ path: '/', element: <GoogleSignIn area="portal" onSignedIn={() => undefined} /> }]);
    const button = googleButton();
    expect(button).toHaveAttribute('type', 'button');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(popup).not.toHaveBeenCalled();
  });
});
