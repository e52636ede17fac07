import { describe, expect, it, vi } from 'vitest';
import { startIdentityWhenNeeded, type RouterView } from '../identity-start';

function fakeRouter(light: boolean) {
  const listeners = new Set<(state: RouterView['state']) => void>();
  const stateOf = (isLight: boolean): RouterView['state'] => ({
    matches: [{ route: { handle: { title: 'Raiz' } } }, { route: { handle: { title: 'Página', ...(isLight ? { light: true, identityOnInteraction: true } : {}) } } }],
  });
  let state = stateOf(light);
  return {
    get state() {
      return state;
    },
    subscribe(listener: (next: RouterView['state']) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate(isLight: boolean) {
      state = stateOf(isLight);
      for (const listener of [...listeners]) listener(state);
    },
  };
}

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('startIdentityWhenNeeded', () => {
  it('starts at once on a signed-in screen, and on a sign-in page with a session to restore', () => {
    const start = vi.fn();
    startIdentityWhenNeeded(fakeRouter(false), start, new EventTarget() as unknown as Window, storageWith(null));
    expect(start).toHaveBeenCalledTimes(1);
    const again = vi.fn();
    startIdentityWhenNeeded(fakeRouter(true), again, new EventTarget() as unknown as Window, storageWith('{"token":"x"}'));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('on a sign-in page without a session, waits for the first interaction, then starts once', () => {
    const start = vi.fn();
    const target = new EventTarget();
    startIdentityWhenNeeded(fakeRouter(true), start, target as unknown as Window, storageWith(null));
    expect(start).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('focusin'));
    target.dispatchEvent(new Event('keydown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when the visitor leaves the sign-in page for a signed-in screen, without an interaction', () => {
    const start = vi.fn();
    const router = fakeRouter(true);
    startIdentityWhenNeeded(router, start, new EventTarget() as unknown as Window, storageWith(null));
    router.navigate(true);
    expect(start).not.toHaveBeenCalled();
    router.navigate(false);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a light page that shows the session state (an invitation), even without a session', () => {
    const start = vi.fn();
    const invite: RouterView = {
      state: { matches: [{ route: { handle: { title: 'Convite', light: true } } }] },
      subscribe: () => () => undefined,
    };
    startIdentityWhenNeeded(invite, start, new EventTarget() as unknown as Window, storageWith(null));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when storage cannot be read (a session may exist)', () => {
    const start = vi.fn();
    const blocked = {
      getItem: () => {
        throw new Error('bloqueado');
      },
    };
    startIdentityWhenNeeded(fakeRouter(true), start, new EventTarget() as unknown as Window, blocked);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
