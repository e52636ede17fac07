import { AUTH_DATA_KEY } from '@/features/auth/auth-storage';
import type { RouteHandle } from './route-meta';

/** What of the router the identity start needs: the matched routes' handles, now and on every navigation. */
export interface RouterView {
  readonly state: { readonly matches: ReadonlyArray<{ readonly route: { readonly handle?: unknown } }> };
  subscribe(listener: (state: RouterView['state']) => void): () => void;
}

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** A sign-in page that shows itself without the session's state (the registry's `identityOnInteraction`). */
function onLightPage(state: RouterView['state']): boolean {
  return state.matches.some((match) => (match.route.handle as RouteHandle | undefined)?.identityOnInteraction === true);
}

function sessionMayExist(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(AUTH_DATA_KEY) != null;
  } catch {
    return true;
  }
}

/**
 * Starts the identity listener when the page needs it. A signed-in screen, or a sign-in page with a session to
 * restore (`auth_data` kept), needs it at once; a sign-in page without one does not need the identity SDK (about
 * 30 KB) until the visitor does something there — a field focused, a key, a tap — or leaves it for a signed-in
 * screen, so a visit that only reads the page never downloads it (and the Google sign-in's popup resolver, part of
 * that SDK, costs the first load nothing). A submit without a prior interaction still signs in: the sign-in action
 * loads the SDK itself.
 */
export function startIdentityWhenNeeded(
  router: RouterView,
  start: () => void,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): void {
  if (!onLightPage(router.state) || sessionMayExist(storage)) {
    start();
    return;
  }
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INTERACTION) target.removeEventListener(type, go, true);
    unsubscribe();
    start();
  };
  for (const type of FIRST_INTERACTION) target.addEventListener(type, go, { capture: true, passive: true });
  const unsubscribe = router.subscribe((state) => {
    if (!onLightPage(state)) go();
  });
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
