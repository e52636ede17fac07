import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { server, testFaults, testSql } from '@/testing/msw-server';
import { authApi } from '../api';
import '@/lib/api/vpn-api';
import { signIn, signOut, signUp, resetPassword } from '../auth-actions';
import { AUTH_DATA_KEY, readAuthData } from '../auth-storage';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

let fake: FakeIdentity;
beforeEach(() => {
  fake = resetFakeIdentity();
});

const VALID_ALNUM_CNPJ = '12.ABC.345/01DE-35';

/** The builders' records (table `assembler`) with this e-mail. */
const assemblersWithEmail = (email: string) =>
  testSql<{ uid: string; name: string; cnpj: string }>('SELECT uid, name, cnpj FROM assembler WHERE email = ?', [email]);

describe('sign-in = identity sign-in, then GET /me', () => {
  it('builds the user from /me and stores auth_data', async () => {
    const store = createAppStore();
    const user = await store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap();
    expect(user).toMatchObject({ uid: 'demo-cliente-maria', name: 'Maria Oliveira Santos', admin: false });
    expect(store.getState().auth).toMatchObject({ user, loading: false, error: null });
    expect(readAuthData()).toMatchObject({ user });
  });

  it('maps provider codes to pt-BR and falls back to "Erro ao fazer login"', async () => {
    const store = createAppStore();
    await expect(
      store.dispatch(signIn({ email: 'cliente@example.com', password: 'errada', area: 'portal' })).unwrap(),
    ).rejects.toEqual({ message: 'E-mail ou senha incorretos.' });
    expect(store.getState().auth.error).toBe('E-mail ou senha incorretos.');
    fake.failNext('signIn', 'auth/something-new');
    await expect(
      store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap(),
    ).rejects.toEqual({ message: 'Erro ao fazer login' });
    fake.failNext('signIn', 'auth/network-request-failed');
    await expect(
      store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap(),
    ).rejects.toMatchObject({ message: expect.stringMatching(/serviço de autenticação/) });
  });

  it('the back office admits only the admin claim: "Usuário não autorizado" and the session ends', async () => {
    const store = createAppStore();
    await expect(
      store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'backoffice' })).unwrap(),
    ).rejects.toEqual({ message: 'Usuário não autorizado' });
    expect(fake.currentUser()).toBeNull();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
    const admin = await store.dispatch(signIn({ email: 'admin@example.com', password: 'demo1234', area: 'backoffice' })).unwrap();
    expect(admin).toMatchObject({ admin: true, name: 'Rafael Souza Lima' });
  });

  it('a /me failure after identity sign-in ends the half session and says why', async () => {
    testFaults.set({ mode: '500', match: '/me' });
    const store = createAppStore();
    await expect(
      store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap(),
    ).rejects.toMatchObject({ message: expect.stringMatching(/erro 500|Erro interno/) });
    expect(fake.currentUser()).toBeNull();
  });
});

describe('sign-up = create account, POST /assembler, GET /me', () => {
  const input = { name: 'Usinagem Nova Ltda', cnpj: VALID_ALNUM_CNPJ, email: 'nova@exemplo.com.br', password: 'segredo1', idempotencyKey: 'k1' };

  it('registers the company and signs in', async () => {
    const store = createAppStore();
    const user = await store.dispatch(signUp(input)).unwrap();
    expect(user).toMatchObject({ email: 'nova@exemplo.com.br', name: 'Usinagem Nova Ltda', cnpj: '12ABC34501DE35' });
    expect(await assemblersWithEmail('nova@exemplo.com.br')).toEqual([
      { uid: user.uid, name: 'Usinagem Nova Ltda', cnpj: '12ABC34501DE35' },
    ]);
  });

  it('a failed /assembler keeps the account; the retry completes it without a second account or assembler', async () => {
    const store = createAppStore();
    testFaults.set({ mode: 'offline', match: '/assembler', remaining: 1 });
    await expect(store.dispatch(signUp(input)).unwrap()).rejects.toMatchObject({
      message: expect.stringMatching(/Não foi possível falar com o servidor/),
    });
    expect(fake.accounts.has('nova@exemplo.com.br')).toBe(true);
    const accountsBefore = fake.accounts.size;
    const user = await store.dispatch(signUp(input)).unwrap();
    expect(user.email).toBe('nova@exemplo.com.br');
    expect(fake.accounts.size).toBe(accountsBefore);
    expect(await assemblersWithEmail('nova@exemplo.com.br')).toHaveLength(1);
  });

  it('after a reload (signed out) the retry signs in with the same password and finishes', async () => {
    const store = createAppStore();
    testFaults.set({ mode: '500', match: '/assembler', remaining: 1 });
    await expect(store.dispatch(signUp(input)).unwrap()).rejects.toBeDefined();
    await fake.signOut();
    const user = await store.dispatch(signUp(input)).unwrap();
    expect(user.name).toBe('Usinagem Nova Ltda');
  });

  it('an e-mail of a complete account is refused at the e-mail field', async () => {
    const store = createAppStore();
    await expect(
      store.dispatch(signUp({ ...input, email: 'cliente@example.com', password: 'demo1234' })).unwrap(),
    ).rejects.toEqual({ message: 'Este e-mail já está cadastrado. Entre com ele ou recupere a senha.', field: 'email' });
    expect(fake.currentUser()).toBeNull();
  });

  it('a CNPJ already registered is refused at the CNPJ field', async () => {
    const store = createAppStore();
    const [maria] = await assemblersWithEmail('cliente@example.com');
    const taken = maria?.cnpj ?? '';
    expect(taken).not.toBe('');
    await expect(store.dispatch(signUp({ ...input, cnpj: taken })).unwrap()).rejects.toMatchObject({
      field: 'cnpj',
      message: expect.stringMatching(/CNPJ já está cadastrado/),
    });
  });

  it('falls back to "Erro ao criar conta"', async () => {
    const store = createAppStore();
    fake.failNext('createAccount', 'auth/unknown-thing');
    await expect(store.dispatch(signUp(input)).unwrap()).rejects.toEqual({ message: 'Erro ao criar conta' });
  });
});

describe('sign-out and reset password', () => {
  it('sign-out clears the user, auth_data and every cached API response', async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(Object.keys(store.getState().mainApi?.queries ?? {}).length).toBeGreaterThan(0);
    await store.dispatch(signOut()).unwrap();
    expect(store.getState().auth.user).toBeNull();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
    expect(store.getState().mainApi?.queries).toEqual({});
    expect(store.getState().vpnApi?.queries).toEqual({});
  });

  it('a failing sign-out still clears local data and says "Erro ao fazer logout"', async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap();
    fake.failNext('signOut', 'auth/whatever');
    await expect(store.dispatch(signOut()).unwrap()).rejects.toEqual({ message: 'Erro ao fazer logout' });
    expect(store.getState().auth.user).toBeNull();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
  });

  it('reset password sends the e-mail, or says "Erro ao resetar senha"', async () => {
    const store = createAppStore();
    await store.dispatch(resetPassword({ email: ' cliente@example.com ' })).unwrap();
    expect(fake.resetEmails).toEqual(['cliente@example.com']);
    fake.failNext('sendPasswordReset', 'auth/odd');
    await expect(store.dispatch(resetPassword({ email: 'x@y.com' })).unwrap()).rejects.toEqual({
      message: 'Erro ao resetar senha',
    });
  });
});

void server;
