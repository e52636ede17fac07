/**
 * A deleted account's people at sign-in (LGPD "Excluir conta"): GET /me answers 403 `account-deleted`; the sign-in
 * says "Esta conta foi excluída." and leaves no session, and so does a session restored after the deletion.
 */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE } from '@/contracts/account-deleted';
import { signIn } from '@/features/auth/auth-actions';
import { startAuthListener } from '@/features/auth/auth-listener';
import { AUTH_DATA_KEY } from '@/features/auth/auth-storage';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { server, TEST_API_URL } from '@/testing/msw-server';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

let fake: FakeIdentity;
beforeEach(() => {
  fake = resetFakeIdentity();
  server.use(
    http.get(`${TEST_API_URL}/me`, () =>
      HttpResponse.json({ error: { code: ACCOUNT_DELETED_CODE, message: ACCOUNT_DELETED_MESSAGE } }, { status: 403 }),
    ),
  );
});

describe('a deleted account at sign-in', () => {
  it('the sign-in is refused with the message and the identity session ends', async () => {
    const store = createAppStore();
    await expect(store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap()).rejects.toEqual({
      message: ACCOUNT_DELETED_MESSAGE,
    });
    expect(fake.currentUser()).toBeNull();
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
    expect(store.getState().auth.error).toBe(ACCOUNT_DELETED_MESSAGE);
  });

  it('a session restored afterwards is ended, saying why', async () => {
    await fake.signIn('cliente@example.com', 'demo1234');
    const store = createAppStore();
    startAuthListener(store.dispatch, 'portal');
    await waitFor(() => expect(store.getState().auth.error).toBe(ACCOUNT_DELETED_MESSAGE));
    expect(store.getState().auth.user).toBeNull();
    await waitFor(() => expect(fake.currentUser()).toBeNull());
  });
});
