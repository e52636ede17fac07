import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createAppStore } from '@/app/store';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { testFaults } from '@/testing/msw-server';
import { startAuthListener } from '../auth-listener';
import { AUTH_DATA_KEY, readAuthData, saveAuthData } from '../auth-storage';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

let fake: FakeIdentity;
beforeEach(() => {
  fake = resetFakeIdentity();
});

describe('identity listener', () => {
  it('no user: clears the user and auth_data', async () => {
    saveAuthData({ token: 'velho', user: { uid: 'x', email: 'x@y.com', name: 'X', cnpj: '', admin: false } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createAppStore();
    startAuthListener(store.dispatch, 'portal');
    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    expect(store.getState().auth.user).toBeNull();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
    // The stored token was verified by signing in with it, which failed: logged and removed.
    expect(errors).toHaveBeenCalledWith('Token inválido:', expect.anything());
  });

  it('a non-admin without auth_data is rebuilt from GET /me (a refresh keeps the user signed in)', async () => {
    await fake.signIn('cliente@example.com', 'demo1234');
    const store = createAppStore();
    startAuthListener(store.dispatch, 'portal');
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    expect(store.getState().auth.user).toMatchObject({ name: 'Maria Oliveira Santos', admin: false });
    expect(readAuthData()?.user.uid).toBe('demo-cliente-maria');
  });

  it('with auth_data the user is rebuilt from it, admin from the token claim', async () => {
    await fake.signIn('admin@example.com', 'demo1234');
    saveAuthData({
      token: 't',
      user: { uid: 'demo-admin-rafael', email: 'admin@example.com', name: 'Nome salvo', cnpj: '', admin: false },
    });
    const store = createAppStore();
    startAuthListener(store.dispatch, 'backoffice');
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    expect(store.getState().auth.user).toMatchObject({ name: 'Nome salvo', admin: true });
  });

  it('the back office re-checks the claim on every load: a customer is signed out', async () => {
    await fake.signIn('cliente@example.com', 'demo1234');
    const store = createAppStore();
    startAuthListener(store.dispatch, 'backoffice');
    await waitFor(() => expect(store.getState().auth.error).toBe('Usuário não autorizado'));
    expect(store.getState().auth.user).toBeNull();
    expect(fake.currentUser()).toBeNull();
  });

  it('portal: an identity without a builder record stays signed in and is asked to complete the registration', async () => {
    const created = await fake.createAccount('sem.perfil@exemplo.com.br', 'segredo1', 'Ana Lima');
    const store = createAppStore();
    startAuthListener(store.dispatch, 'portal');
    await waitFor(() =>
      expect(store.getState().auth.pendingProfile).toEqual({ uid: created.uid, email: 'sem.perfil@exemplo.com.br', name: 'Ana Lima' }),
    );
    expect(store.getState().auth).toMatchObject({ user: null, loading: false, error: null });
    expect(fake.currentUser()).not.toBeNull();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
  });

  it('a backend that is down leaves a pt-BR error, not a blank state', async () => {
    await fake.signIn('cliente@example.com', 'demo1234');
    testFaults.set({ mode: 'offline', match: '/me' });
    const store = createAppStore();
    startAuthListener(store.dispatch, 'portal');
    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    expect(store.getState().auth.error).toMatch(/Não foi possível falar com o servidor/);
  });
});
