import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { signIn, signOut } from '@/features/auth/auth-actions';
import { resetFakeIdentity } from '@/testing/fake-firebase';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

beforeEach(() => {
  resetFakeIdentity();
});

// Nothing in this file imports an API module up front: the store starts as the sign-in pages see it.
describe('the store and the lazily loaded API slices', () => {
  it('starts with the auth slice only and takes each API in when its module loads', async () => {
    const store = createAppStore();
    expect(Object.keys(store.getState())).toEqual(['auth']);

    await import('@/lib/api/vpn-api');
    expect(store.getState().vpnApi).toMatchObject({ queries: {}, mutations: {} });
    expect(store.getState().mainApi).toBeUndefined();
  });

  it('a store made after the APIs loaded has them from the start', async () => {
    await import('@/lib/api/main-api');
    await import('@/lib/api/vpn-api');
    const store = createAppStore();
    expect(store.getState().mainApi).toMatchObject({ queries: {} });
    expect(store.getState().vpnApi).toMatchObject({ queries: {} });
  });

  it('sign-in loads the profile endpoint on submit, caches GET /me, and sign-out empties that cache', async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: 'cliente@example.com', password: 'demo1234', area: 'portal' })).unwrap();
    expect(store.getState().auth.user?.email).toBe('cliente@example.com');
    expect(Object.keys(store.getState().mainApi?.queries ?? {})).toHaveLength(1);

    await store.dispatch(signOut()).unwrap();
    expect(store.getState().mainApi?.queries).toEqual({});
  });
});
