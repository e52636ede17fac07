import { describe, expect, it } from 'vitest';
import { resetPassword, signIn, signOut, signUp } from '../auth-actions';
import { authReducer, initialAuthState, setError, setUser } from '../auth-slice';
import type { AuthState, AuthUser } from '../types';

const user: AuthUser = { uid: 'u1', email: 'a@b.com', name: 'Ana', cnpj: '45278193000185', admin: false };
const meta = { requestId: 'r', requestStatus: 'pending' as const };

describe('auth slice: the spec\'s state table, transition by transition', () => {
  it('loading starts true, with no user and no error', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual({ user: null, loading: true, error: null });
  });

  it('setting the user sets loading false and clears the error', () => {
    const start: AuthState = { user: null, loading: true, error: 'x' };
    expect(authReducer(start, setUser(user))).toEqual({ user, loading: false, error: null });
    expect(authReducer(start, setUser(null))).toEqual({ user: null, loading: false, error: null });
  });

  it('setting an error sets loading false and keeps the user', () => {
    const start: AuthState = { user, loading: true, error: null };
    expect(authReducer(start, setError('Usuário não autorizado'))).toEqual({
      user,
      loading: false,
      error: 'Usuário não autorizado',
    });
  });

  it.each([
    ['sign-in', signIn.pending('r', { email: 'a', password: 'b', area: 'portal' })],
    ['sign-up', signUp.pending('r', { name: 'a', cnpj: 'b', email: 'c', password: 'd', idempotencyKey: 'k' })],
    ['sign-out', signOut.pending('r', undefined)],
    ['reset-password', resetPassword.pending('r', { email: 'a' })],
  ])('%s sets loading true and clears the error first', (_name, action) => {
    const start: AuthState = { user: null, loading: false, error: 'antes' };
    expect(authReducer(start, action)).toEqual({ user: null, loading: true, error: null });
  });

  it('a successful sign-in or sign-up sets the user', () => {
    const pending: AuthState = { user: null, loading: true, error: null };
    expect(authReducer(pending, signIn.fulfilled(user, 'r', { email: '', password: '', area: 'portal' }))).toEqual({
      user,
      loading: false,
      error: null,
    });
    expect(
      authReducer(pending, signUp.fulfilled(user, 'r', { name: '', cnpj: '', email: '', password: '', idempotencyKey: '' })),
    ).toMatchObject({ user, loading: false });
  });

  it('a failure stores the message', () => {
    const pending: AuthState = { user: null, loading: true, error: null };
    const action = signIn.rejected(null, 'r', { email: '', password: '', area: 'portal' }, { message: 'Erro ao fazer login' });
    expect(authReducer(pending, action)).toEqual({ user: null, loading: false, error: 'Erro ao fazer login' });
  });

  it('sign-out clears the user, even when the provider failed', () => {
    const signedIn: AuthState = { user, loading: true, error: null };
    expect(authReducer(signedIn, signOut.fulfilled(undefined, 'r', undefined))).toEqual({
      user: null,
      loading: false,
      error: null,
    });
    const failed = signOut.rejected(null, 'r', undefined, { message: 'Erro ao fazer logout' });
    expect(authReducer(signedIn, failed)).toEqual({ user: null, loading: false, error: 'Erro ao fazer logout' });
  });

  it('reset-password success only stops loading', () => {
    const start: AuthState = { ...initialAuthState, user, loading: true };
    expect(authReducer(start, resetPassword.fulfilled(undefined, 'r', { email: '' }))).toEqual({
      user,
      loading: false,
      error: null,
    });
    void meta;
  });
});
