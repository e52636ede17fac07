import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { CART_STORAGE_KEY, EMPTY_CART, withQuantity, withSubmissionKey } from '@/features/orders/checkout/cart';
import { createCartStore } from '@/features/orders/checkout/cart-store';
import { EMPTY_PROGRESS, loadProgress, progressKey, saveProgress } from '@/features/fleet/first-steps/progress';
import { resetFakeIdentity } from '@/testing/fake-firebase';
import type { FakeIdentity } from '@/testing/fake-identity';
import { authApi } from '../api';
import '@/lib/api/vpn-api';
import { signIn, signOut, signUp } from '../auth-actions';
import { startAuthListener } from '../auth-listener';
import { AUTH_DATA_KEY } from '../auth-storage';

vi.mock('@/lib/firebase', () => import('@/testing/fake-firebase'));

const MARIA = { uid: 'demo-cliente-maria', email: 'cliente@example.com', name: 'Maria Oliveira Santos' };
const SECOND = { name: 'Usinagem Nova Ltda', cnpj: '12.ABC.345/01DE-35', email: 'nova@exemplo.com.br', password: 'segredo1', idempotencyKey: 'k1' };

let fake: FakeIdentity;
const deleted: string[] = [];

beforeEach(() => {
  fake = resetFakeIdentity();
  deleted.length = 0;
  // jsdom has no IndexedDB: the app's old database and Firebase's, as a browser would list them.
  vi.stubGlobal('indexedDB', {
    databases: () => Promise.resolve([{ name: 'ponte-demo', version: 1 }, { name: 'firebaseLocalStorageDb', version: 1 }]),
    deleteDatabase: (name: string) => {
      deleted.push(name);
      return {};
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What a builder leaves while using the portal: a cart with its order key, the wizard's progress, cached lists. */
async function useThePortalAs(store: ReturnType<typeof createAppStore>, uid: string) {
  const cart = createCartStore(localStorage, uid, null);
  cart.update((current) => withSubmissionKey(withQuantity(current, 'product-g1-4g', 3), () => 'chave-do-pedido-0001'));
  saveProgress(uid, { deviceId: 'device-1001', machineId: 'machine-1001', step: 3, downloadedAt: 1_767_225_600_000 });
  await store.dispatch(authApi.endpoints.getMe.initiate());
  expect(localStorage.getItem(CART_STORAGE_KEY)).toContain('chave-do-pedido-0001');
  expect(localStorage.getItem(progressKey(uid))).not.toBeNull();
}

/** Everything in both storages, as text. */
function storedText(): string {
  const all: Record<string, string | null> = {};
  for (const storage of [localStorage, sessionStorage]) {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index) ?? '';
      all[key] = storage.getItem(key);
    }
  }
  return JSON.stringify(all);
}

const personalKeys = () => Object.keys(localStorage).concat(Object.keys(sessionStorage)).filter((key) => key.startsWith('ponte-'));

describe("sign-out leaves nothing of the person's in the browser", () => {
  it('the cart and its key, the wizard, the cached lists, auth_data and the app database go; the next builder starts clean', async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: MARIA.email, password: 'demo1234', area: 'portal' })).unwrap();
    await useThePortalAs(store, MARIA.uid);
    sessionStorage.setItem('ponte-rascunho', JSON.stringify({ owner: MARIA.uid, text: 'x' }));
    // Not the person's: the app's chunk-reload guard and the sidebar's cookie stay.
    sessionStorage.setItem('ponte:reloaded-at', '1');
    document.cookie = 'sidebar_state=false; path=/';

    await store.dispatch(signOut()).unwrap();

    expect(personalKeys()).toEqual([]);
    expect(localStorage.getItem(AUTH_DATA_KEY)).toBeNull();
    expect(storedText()).not.toMatch(new RegExp(`${MARIA.uid}|${MARIA.email}|Maria|chave-do-pedido`));
    expect(sessionStorage.getItem('ponte:reloaded-at')).toBe('1');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(store.getState().mainApi?.queries).toEqual({});
    await waitFor(() => expect(deleted).toEqual(['ponte-demo']));

    // Another builder signs in on the same browser: an empty cart, a fresh wizard.
    const second = await store.dispatch(signUp(SECOND)).unwrap();
    expect(createCartStore(localStorage, second.uid, null).getSnapshot().cart).toEqual(EMPTY_CART);
    expect(loadProgress(second.uid)).toEqual(EMPTY_PROGRESS);
    expect(storedText()).not.toMatch(new RegExp(`${MARIA.uid}|${MARIA.email}|Maria|chave-do-pedido`));
  });

  it('a failing sign-out (identity service down) still clears it all', async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: MARIA.email, password: 'demo1234', area: 'portal' })).unwrap();
    await useThePortalAs(store, MARIA.uid);
    fake.failNext('signOut', 'auth/network-request-failed');
    await expect(store.dispatch(signOut()).unwrap()).rejects.toBeDefined();
    expect(personalKeys()).toEqual([]);
    expect(store.getState().mainApi?.queries).toEqual({});
  });

  it('signed out in another tab (the identity says nobody): this tab forgets the person too', async () => {
    await fake.signIn(MARIA.email, 'demo1234');
    const store = createAppStore();
    startAuthListener(store.dispatch, 'portal');
    await waitFor(() => expect(store.getState().auth.user?.uid).toBe(MARIA.uid));
    await useThePortalAs(store, MARIA.uid);

    await fake.signOut();

    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(personalKeys()).toEqual([]);
    expect(store.getState().mainApi?.queries).toEqual({});
  });
});

describe('another account signing in without a sign-out', () => {
  it("never sees the previous one's cart, wizard or cached responses (cleared when the new identity is kept)", async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: MARIA.email, password: 'demo1234', area: 'portal' })).unwrap();
    await useThePortalAs(store, MARIA.uid);

    // "Criar conta" with another e-mail while Maria is signed in: the identity switches, nobody signed out.
    const second = await store.dispatch(signUp(SECOND)).unwrap();

    expect(second.uid).not.toBe(MARIA.uid);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(progressKey(MARIA.uid))).toBeNull();
    expect(JSON.stringify(store.getState().mainApi?.queries ?? {})).not.toContain(MARIA.name);
    expect(createCartStore(localStorage, second.uid, null).getSnapshot().cart).toEqual(EMPTY_CART);
  });

  it('the same account signing in again keeps its own cart and progress (a reload, a second tab)', async () => {
    const store = createAppStore();
    await store.dispatch(signIn({ email: MARIA.email, password: 'demo1234', area: 'portal' })).unwrap();
    await useThePortalAs(store, MARIA.uid);
    await store.dispatch(signIn({ email: MARIA.email, password: 'demo1234', area: 'portal' })).unwrap();
    expect(createCartStore(localStorage, MARIA.uid, null).getSnapshot().cart.items).toEqual([{ productId: 'product-g1-4g', quantity: 3 }]);
    expect(loadProgress(MARIA.uid).deviceId).toBe('device-1001');
  });
});
