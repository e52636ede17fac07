import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadToasts, Toaster } from '@/components/ui/toast';
import { UNSAVED_CHANGES_TITLE } from '@/components/ui/form/use-unsaved-changes';
import { renderRoutes } from '@/testing/render';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import { server, TEST_API_URL, testFaults, testSql } from '@/testing/msw-server';
import { authApi } from '../api';
import { setUser } from '../auth-slice';
import { ProfileForm } from '../components/profile-form';
import { expectToast } from '@/testing/toast';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

const MARIA = { uid: 'demo-cliente-maria', email: 'cliente@example.com', name: 'Maria Oliveira Santos', cnpj: '', admin: false };

// sonner is a lazy chunk: loaded once up front (as the signed-in shells do), the first toast does not wait for it.
beforeAll(() => preloadToasts());

beforeEach(async () => {
  const fake = resetFakeIdentity();
  await fake.signIn(MARIA.email, 'demo1234');
});

/** Maria's builder record on the server (table `assembler`). */
async function mariaRecord() {
  const [record] = await testSql<{ name: string; cnpj: string }>('SELECT name, cnpj FROM assembler WHERE email = ?', [MARIA.email]);
  if (!record) throw new Error('seed sem a conta de Maria');
  return record;
}

/** Renames Maria on the server behind the page's back (as another session of hers would). */
async function renameMariaOnServer(name: string) {
  await testSql('UPDATE assembler SET name = ? WHERE email = ?', [name, MARIA.email]);
}

function profilePage() {
  const result = renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <>
            <ProfileForm />
            <Toaster />
          </>
        ),
      },
      { path: '/machines', element: <p>máquinas</p> },
    ],
    { path: '/profile' },
  );
  act(() => {
    result.store.dispatch(setUser(MARIA));
  });
  return result;
}

/** This 2-core machine is shared: a busy moment must not fail a wait (Testing Library's default is 1 s). */
const SLOW = { timeout: 5000 };

const nameInput = () => screen.getByLabelText(/^Nome/);
const saveButton = () => screen.getByRole('button', { name: /Salvar alterações|Salvando…/ });

/** Saved: on the server, and nothing unsaved is left (sonner's toasts outlive a test, so not by its toast). */
async function savedAs(name: string) {
  await waitFor(async () => expect((await mariaRecord()).name).toBe(name), SLOW);
  await waitFor(() => expect(saveButton()).toHaveTextContent('Salvar alterações'), SLOW);
  expect(saveButton()).toBeDisabled();
  expect(nameInput()).toHaveValue(name);
}

async function loaded() {
  await waitFor(() => expect(nameInput()).toHaveValue(MARIA.name), SLOW);
}

describe('profile form', () => {
  it('shows name, CNPJ and e-mail; saves a changed name and the shell follows it', async () => {
    const user = userEvent.setup();
    const { store } = profilePage();
    expect(screen.getByText('Carregando seu perfil…')).toBeVisible();
    await loaded();
    expect((screen.getByLabelText('CNPJ') as HTMLInputElement).value).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    expect(screen.getByLabelText('E-mail')).toHaveValue(MARIA.email);
    expect(saveButton()).toBeDisabled();

    await user.clear(nameInput());
    await user.type(nameInput(), '  Maria O. Santos ');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await expectToast('Perfil atualizado.');
    expect((await mariaRecord()).name).toBe('Maria O. Santos');
    expect(store.getState().auth.user?.name).toBe('Maria O. Santos');
    expect(nameInput()).toHaveValue('Maria O. Santos');
    expect(saveButton()).toBeDisabled();
  });

  it('refuses an empty or too short name at the field, before any request', async () => {
    const user = userEvent.setup();
    const patches = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH') patches();
    });
    profilePage();
    await loaded();
    await user.clear(nameInput());
    await user.click(saveButton());
    expect(await screen.findByText('Informe o nome.')).toBeVisible();
    // The form focuses the first invalid field once the submit has ended (an effect after the message's render).
    await waitFor(() => expect(nameInput()).toHaveFocus());
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    await user.type(nameInput(), 'M');
    expect(await screen.findByText('Use pelo menos 2 caracteres.')).toBeVisible();
    expect(patches).not.toHaveBeenCalled();
    expect((await mariaRecord()).name).toBe(MARIA.name);
    server.events.removeAllListeners();
  });

  it("a server 400 on the name lands on the field; the typed value stays", async () => {
    const user = userEvent.setup();
    server.use(
      http.patch(`${TEST_API_URL}/me`, () =>
        HttpResponse.json({ error: { code: 'validation', message: 'Este nome não é aceito.', field: 'name' } }, { status: 400 }),
      ),
    );
    profilePage();
    await loaded();
    await user.clear(nameInput());
    await user.type(nameInput(), 'Nome Recusado');
    await user.click(saveButton());
    expect(await screen.findByText('Este nome não é aceito.')).toBeVisible();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(nameInput()).toHaveFocus());
    expect(nameInput()).toHaveValue('Nome Recusado');
    expect(screen.queryByText('Não foi possível salvar.')).not.toBeInTheDocument();
  });

  it('a failed save says why and keeps the value; saving again works', async () => {
    const user = userEvent.setup();
    profilePage();
    await loaded();
    testFaults.set({ mode: '500', match: '/me', method: 'PATCH' });
    await user.clear(nameInput());
    await user.type(nameInput(), 'Maria Oliveira');
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível salvar.');
    expect(alert).toHaveTextContent('Erro interno no servidor. Tente novamente em instantes.');
    expect(nameInput()).toHaveValue('Maria Oliveira');
    expect((await mariaRecord()).name).toBe(MARIA.name);

    testFaults.set(null);
    await user.click(saveButton());
    await savedAs('Maria Oliveira');
    expect(screen.queryByText('Não foi possível salvar.')).not.toBeInTheDocument();
  });

  it('the button is disabled, and says so, while saving', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      // Held until released, then on to the real server (a handler that answers nothing passes the request on).
      http.patch(`${TEST_API_URL}/me`, async () => {
        await held;
      }),
    );
    profilePage();
    await loaded();
    await user.clear(nameInput());
    await user.type(nameInput(), 'Maria Devagar');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveTextContent('Salvando…'));
    expect(saveButton()).toBeDisabled();
    expect(nameInput()).toBeDisabled();
    release();
    await savedAs('Maria Devagar');
  });

  it('a refetch follows the server until the user types, and never overwrites what they typed', async () => {
    const user = userEvent.setup();
    const { store } = profilePage();
    await loaded();

    // Untouched: the server's new name is shown.
    await renameMariaOnServer('Maria Renomeada');
    act(() => {
      store.dispatch(authApi.util.invalidateTags(['me']));
    });
    await waitFor(() => expect(nameInput()).toHaveValue('Maria Renomeada'));
    expect(saveButton()).toBeDisabled();

    // Typing: another refetch keeps the typed value, still unsaved.
    await user.clear(nameInput());
    await user.type(nameInput(), 'Maria Digitando');
    await renameMariaOnServer('Maria Outra Vez');
    const refetched = store.dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    await act(async () => {
      await refetched;
    });
    refetched.unsubscribe();
    expect(nameInput()).toHaveValue('Maria Digitando');
    expect(saveButton()).toBeEnabled();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = profilePage();
    await loaded();
    await user.type(nameInput(), ' Filha');

    act(() => {
      void router.navigate('/machines');
    });
    expect(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TITLE }, SLOW)).toBeVisible();
    // The modal takes pointer events for its own layer once it has mounted (Radix: the page behind gets
    // `pointer-events: none` first); a person clicks what they can click, so wait for that as they would.
    const keepEditing = screen.getByRole('button', { name: 'Continuar editando' });
    await waitFor(() => expect(getComputedStyle(keepEditing).pointerEvents).not.toBe('none'), SLOW);
    await user.click(keepEditing);
    expect(router.state.location.pathname).toBe('/profile');
    expect(nameInput()).toHaveValue(`${MARIA.name} Filha`);

    await user.click(saveButton());
    await savedAs(`${MARIA.name} Filha`);
    act(() => {
      void router.navigate('/machines');
    });
    expect(await screen.findByText('máquinas', {}, SLOW)).toBeVisible();
  });
});
