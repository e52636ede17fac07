import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ui/error-fallback';
import type { AreaResolution } from '@/config/areas';
import { startAuthListener } from '@/features/auth/auth-listener';
import type { AuthArea } from '@/features/auth/types';
import { afterPaint } from '@/lib/after-paint';
import { reportError } from '@/lib/error-reporting';
import { setReloadTarget } from '@/lib/reload-on-chunk-error';
import { AfterHydration, replayHeldInteraction, staticMarkupId } from '@/lib/static-page';
import { whenSignalledOrAfter } from '@/lib/when-signalled';
import { createAppStore } from '../store';
import { startIdentityWhenNeeded } from './identity-start';

type AppStore = ReturnType<typeof createAppStore>;

/** The ids React generates in a prerendered sign-in page (index.html holds both areas' pages: ids stay unique). */
export const signInIdPrefix = (area: AuthArea) => `${area}-`;
/** The browser's router here, a memory router in the build's prerender (the same provider renders both). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The portal's or the back office's React tree, the same in the browser and in the build's prerender of the
 * sign-in pages (src/app/shared/prerender-signed-page.tsx), so React can hydrate that markup. `onHydrated` runs once
 * React owns it.
 */
export function SignedAreaTree({ store, router, onHydrated }: { store: AppStore; router: AppRouter; onHydrated?: () => void }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
        {onHydrated ? <AfterHydration run={onHydrated} /> : null}
      </ErrorBoundary>
    </StrictMode>
  );
}

/**
 * Portal and back office: a fresh store, the identity listener for the area, and its router. The deployed build
 * serves each sign-in page as HTML (the inline loader shows it when there is no session to restore and loads
 * the scripts at the first interaction, src/app/shared/static-loader.ts): React hydrates that markup and
 * replays a button or form used before it was there. Anywhere else it renders into #root.
 */
export function mountSignedArea(root: Root, resolution: AreaResolution, area: AuthArea, routes: RouteObject[]): void {
  const store = createAppStore();
  const router = createBrowserRouter(routes, { basename: resolution.basename || '/' });
  setReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : null;
  });
  const identity = () => startIdentityWhenNeeded(router, () => startAuthListener(store.dispatch, area));
  const html = document.documentElement;
  const markup = document.getElementById(staticMarkupId(area));
  if (markup && html.dataset.static === staticMarkupId(area)) {
    html.setAttribute('data-hydrating', '');
    // The markup is the sign-in screen itself: hydrate once its lazy route is loaded, never a loading fallback.
    whenRouterReady(
      router,
      () => {
        hydrateRoot(markup, <SignedAreaTree store={store} router={router} onHydrated={replayHeldInteraction} />, {
          identifierPrefix: signInIdPrefix(area),
          onRecoverableError: (error) => reportError(error, { area, phase: 'hydration' }),
        });
        identity();
      },
      Infinity,
    );
    return;
  }
  markup?.remove();
  whenRouterReady(router, () => {
    root.render(<SignedAreaTree store={store} router={router} />);
    // Firebase (its own chunk) loads once the first screen is painted: the sign-in form never waits for it; on a
    // sign-in page with no session to restore, only once the visitor does something there (identity-start.ts).
    afterPaint(identity);
  });
}

/**
 * The first screen is a lazy route whose chunk is usually already on its way (main.tsx prefetches sign-in pages):
 * render once it is loaded, so the page paints the screen itself instead of flashing "Carregando…" first. On a
 * slow network the router's loading fallback appears after `patience` ms.
 */
export function whenRouterReady(router: AppRouter, render: () => void, patience = 400): void {
  if (router.state.initialized) {
    render();
    return;
  }
  const listen = (fire: () => void) =>
    router.subscribe((state) => {
      if (state.initialized) fire();
    });
  if (patience === Infinity) {
    const stop = listen(() => {
      stop();
      render();
    });
    return;
  }
  whenSignalledOrAfter(listen, patience, render);
}
