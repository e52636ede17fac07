import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWithGooglePopup } from '@/lib/firebase-popup';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { server } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { RequireAuth } from '@/features/auth/components/require-auth';
import BackofficeLoginScreen from '../../backoffice/screens/login';
import LoginScreen from '../screens/login';
import RegisterScreen from '../screens/register';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));
vi.mock('@/lib/firebase-popup', () => ({ signInWithGooglePopup: vi.fn() }));

const popup = vi.mocked(signInWithGooglePopup);

let fake: FakeIdentity;
beforeEach(() => {
  popup.mockReset();
  fake = resetFakeIdentity();
  // The demo's identity-service check on the sign-in pages (the Auth emulator answers).
  server.use(http.get('http://127.0.0.1:9099/', () => HttpResponse.text('Ready')));
});

const portalRoutes = [
  { path: '/login', element: <LoginScreen /> },
  { path: '/register', element: <RegisterScreen /> },
  {
    path: '/*',
    element: (
      <RequireAuth area="portal">
        <h1>Portal</h1>
      </RequireAuth>
    ),
  },
];

describe('"Entrar com Google" on the sign-in pages', { timeout: 15_000 }, () => {
  it.each([
    ['portal sign-in', '/login', 'Entrar'],
    ['portal registration', '/register', 'Criar conta'],
  ])('%s (%s) shows it above the e-mail form', async (_name, path, heading) => {
    renderRoutes(portalRoutes, { path });
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeVisible();
    expect(screen.getByText('ou com e-mail')).toBeVisible();
    expect(popup).not.toHaveBeenCalled();
  });

  it('back-office sign-in shows it', async () => {
    renderRoutes([{ path: '/backoffice-login', element: <BackofficeLoginScreen /> }], { path: '/backoffice-login' });
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeVisible();
  });

  it('registration page: a first Google sign-in goes to "Complete seu cadastro" at the page the visitor wanted', async () => {
    const user = userEvent.setup();
    fake.accounts.set('ana.lima@gmail.com', {
      uid: 'google-ana',
      email: 'ana.lima@gmail.com',
      password: 'google',
      displayName: 'Ana Lima',
      admin: false,
    });
    popup.mockImplementation(() => fake.signIn('ana.lima@gmail.com', 'google'));
    const { router } = renderRoutes(portalRoutes, { path: '/register?redirect=%2Fsetup%2FPNT-7K2M-4Q9X-3FJD' });
    await user.click(await screen.findByRole('button', { name: 'Entrar com Google' }));
    expect(await screen.findByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/setup/PNT-7K2M-4Q9X-3FJD');
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Lima');
  });
});
