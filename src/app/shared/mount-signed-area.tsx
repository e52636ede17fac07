import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ui/error-fallback';
import type { AreaResolution } from '@/config/areas';
import { startAuthListener } from '@/features/auth/auth-listener';
import type { AuthArea } from '@/features/auth/types';
import { afterPaint } from '@/lib/after-paint';
import { setReloadTarget } from '@/lib/reload-on-chunk-error';
import { whenSignalledOrAfter } from '@/lib/when-signalled';
import { createAppStore } from '../store';
import { startIdentityWhenNeeded } from './identity-start';

/** Portal and back office: a fresh store, the identity listener for the area, and its router. */
export function mountSignedArea(root: Root, resolution: AreaResolution, area: AuthArea, routes: RouteObject[]): void {
  const store = createAppStore();
  const router = createBrowserRouter(routes, { basename: resolution.basename || '/' });
  setReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : null;
  });
  whenRouterReady(router, () => {
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <Provider store={store}>
            <RouterProvider router={router} />
          </Provider>
        </ErrorBoundary>
      </StrictMode>,
    );
    // Firebase (its own chunk) loads once the first screen is painted: the sign-in form never waits for it; on a
    // sign-in page with no session to restore, only once the visitor does something there (identity-start.ts).
    afterPaint(() => startIdentityWhenNeeded(router, () => startAuthListener(store.dispatch, area)));
  });
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

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
  whenSignalledOrAfter(listen, patience, render);
}
