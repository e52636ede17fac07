import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { preloadToasts, Toaster } from '@/components/ui/toast';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { testFaults, testSql } from '@/testing/msw-server';
import { RegisterForm } from '../components/register-form';
import { RequireAuth } from '../components/require-auth';
import { SignInForm } from '../components/sign-in-form';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

/** The builder records (table `assembler`) matching one column. */
const assemblersWhere = (column: 'cnpj' | 'email', value: string) =>
  testSql<{ uid: string; cnpj: string; email: string }>(`SELECT uid, cnpj, email FROM assembler WHERE ${column} = ?`, [value]);

// sonner is a lazy chunk: loaded once up front (as the signed-in shells do), the first toast does not wait for it.
beforeAll(() => preloadToasts());

let fake: FakeIdentity;
beforeEach(() => {
  fake = resetFakeIdentity();
});

function signInPage(area: 'portal' | 'backoffice' = 'portal') {
  const signedIn = vi.fn();
  const result = renderRoutes([
    {
      path: '/login',
      element: (
        <>
          <SignInForm area={area} onSignedIn={signedIn} />
          <Toaster />
        </>
      ),
    },
  ], { path: '/login' });
  return { ...result, signedIn };
}

describe('sign-in form', () => {
  it('has E-mail, Senha and Entrar, and refuses empty and malformed input next to the fields', async () => {
    const user = userEvent.setup();
    const { signedIn } = signInPage();
    expect(screen.getByLabelText('E-mail')).toBeRequired();
    expect(screen.getByLabelText('Senha')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Informe o e-mail.')).toBeVisible();
    expect(screen.getByText('Informe a senha.')).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    await user.type(screen.getByLabelText('E-mail'), 'maria@');
    await user.type(screen.getByLabelText('Senha'), '123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeVisible();
    expect(screen.getByText('A senha precisa ter pelo menos 6 caracteres.')).toBeVisible();
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('signs in with the demo account', async () => {
    const user = userEvent.setup();
    const { signedIn, store } = signInPage();
    await user.type(screen.getByLabelText('E-mail'), 'cliente@example.com');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalled());
    expect(store.getState().auth.user?.name).toBe('Maria Oliveira Santos');
  });

  it('wrong password: a pt-BR message, and the typed values stay', async () => {
    const user = userEvent.setup();
    signInPage();
    await user.type(screen.getByLabelText('E-mail'), 'cliente@example.com');
    await user.type(screen.getByLabelText('Senha'), 'errada123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('E-mail ou senha incorretos.')).not.toHaveLength(0);
    expect(screen.getByLabelText('E-mail')).toHaveValue('cliente@example.com');
    expect(screen.getByLabelText('Senha')).toHaveValue('errada123');
  });

  it('network down during sign-in says so', async () => {
    const user = userEvent.setup();
    signInPage();
    fake.failNext('signIn', 'auth/network-request-failed');
    await user.type(screen.getByLabelText('E-mail'), 'cliente@example.com');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findAllByText(
        'Não foi possível conectar ao serviço de autenticação. Verifique sua conexão e tente novamente.',
      ),
    ).not.toHaveLength(0);
  });

  it('the back office refuses a customer with "Usuário não autorizado"', async () => {
    const user = userEvent.setup();
    signInPage('backoffice');
    await user.type(screen.getByLabelText('E-mail'), 'cliente@example.com');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('Usuário não autorizado')).not.toHaveLength(0);
  });

  it('"Esqueci minha senha" needs an e-mail, sends it, then cools down', async () => {
    const user = userEvent.setup();
    signInPage();
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(screen.getByText(/Informe o e-mail\. Enviaremos o link/)).toBeVisible();
    expect(fake.resetEmails).toEqual([]);
    await user.type(screen.getByLabelText('E-mail'), 'cliente@example.com');
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(await screen.findByRole('button', { name: /Reenviar em \d+s/ })).toBeVisible();
    expect(fake.resetEmails).toEqual(['cliente@example.com']);
    await user.click(screen.getByRole('button', { name: /Reenviar em/ }));
    expect(fake.resetEmails).toHaveLength(1);
  });
});

describe('registration form', () => {
  function registerPage() {
    const registered = vi.fn();
    const result = renderRoutes([
      {
        path: '/register',
        element: (
          <>
            <RegisterForm onRegistered={registered} />
            <Toaster />
          </>
        ),
      },
    ], { path: '/register' });
    return { ...result, registered };
  }

  async function fill(user: ReturnType<typeof userEvent.setup>, values: { name: string; cnpj: string; email: string; password: string }) {
    await user.type(screen.getByLabelText('Nome'), values.name);
    await user.type(screen.getByLabelText('CNPJ'), values.cnpj);
    await user.type(screen.getByLabelText('E-mail'), values.email);
    await user.type(screen.getByLabelText('Senha'), values.password);
  }

  it('says the account means agreeing to the terms and the privacy policy, linking the landing pages', () => {
    registerPage();
    const note = screen.getByText((_, node) => node?.tagName === 'P' && node.textContent === 'Ao criar sua conta você concorda com os Termos de Uso e a Política de Privacidade.');
    expect(note).toBeVisible();
    expect(screen.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos');
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacidade');
  });

  it('masks the CNPJ as typed (alphanumeric too) and creates the account', async () => {
    const user = userEvent.setup();
    const { registered } = registerPage();
    await fill(user, { name: 'Usinagem Nova Ltda', cnpj: '12abc34501de35', email: 'nova@exemplo.com.br', password: 'segredo1' });
    expect(screen.getByLabelText('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(registered).toHaveBeenCalled());
    expect(await assemblersWhere('cnpj', '12ABC34501DE35')).toEqual([
      expect.objectContaining({ email: 'nova@exemplo.com.br' }),
    ]);
  });

  it('wrong check digits are refused at the CNPJ field before anything is created', async () => {
    const user = userEvent.setup();
    registerPage();
    await fill(user, { name: 'Empresa', cnpj: '11222333000182', email: 'e@exemplo.com.br', password: 'segredo1' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByText('CNPJ inválido.')).toBeVisible();
    expect(screen.getByLabelText('CNPJ')).toHaveFocus();
    expect(fake.accounts.has('e@exemplo.com.br')).toBe(false);
  });

  it('a CNPJ already registered is shown at the field and the form keeps its values', async () => {
    const user = userEvent.setup();
    registerPage();
    const [maria] = await assemblersWhere('email', 'cliente@example.com');
    if (!maria) throw new Error('seed sem a empresa de Maria');
    await fill(user, { name: 'Copia Ltda', cnpj: maria.cnpj, email: 'copia@exemplo.com.br', password: 'segredo1' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findAllByText(/Este CNPJ já está cadastrado/)).not.toHaveLength(0);
    expect(screen.getByLabelText('Nome')).toHaveValue('Copia Ltda');
    expect(screen.getByLabelText('Senha')).toHaveValue('segredo1');
  });

  it('a backend failure keeps the values; the retry does not create a second account', async () => {
    const user = userEvent.setup();
    const { registered } = registerPage();
    testFaults.set({ mode: '500', match: '/assembler', remaining: 1 });
    await fill(user, { name: 'Retry Ltda', cnpj: '12.ABC.345/01DE-35', email: 'retry@exemplo.com.br', password: 'segredo1' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findAllByText('Erro interno no servidor. Tente novamente em instantes.')).not.toHaveLength(0);
    expect(screen.getByLabelText('E-mail')).toHaveValue('retry@exemplo.com.br');
    const accounts = fake.accounts.size;
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(registered).toHaveBeenCalled());
    expect(fake.accounts.size).toBe(accounts);
    expect(await assemblersWhere('email', 'retry@exemplo.com.br')).toHaveLength(1);
  });
});

describe('RequireAuth', () => {
  it('sends a signed-out visitor to sign-in with the page as redirect', async () => {
    const { router, store } = renderRoutes(
      [
        { path: '/machines', element: <RequireAuth area="portal"><p>máquinas</p></RequireAuth> },
        { path: '/login', element: <p>tela de login</p> },
      ],
      { path: '/machines?page=2' },
    );
    store.dispatch({ type: 'auth/setUser', payload: null });
    expect(await screen.findByText('tela de login')).toBeVisible();
    expect(router.state.location.search).toBe('?redirect=%2Fmachines%3Fpage%3D2');
  });

  it('keeps non-admins out of the back office', async () => {
    const { store } = renderRoutes(
      [
        { path: '/', element: <RequireAuth area="backoffice"><p>painel</p></RequireAuth> },
        { path: '/backoffice-login', element: <p>login da equipe</p> },
      ],
      { path: '/' },
    );
    store.dispatch({
      type: 'auth/setUser',
      payload: { uid: 'u', email: 'c@x.com', name: 'C', cnpj: '', admin: false },
    });
    expect(await screen.findByText('login da equipe')).toBeVisible();
  });
});
