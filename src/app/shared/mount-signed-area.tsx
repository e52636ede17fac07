import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ui/error-fallback';
import type { AreaResolution } from '@/config/areas';
import { startAuthListener } from '@/features/auth/auth-listener';
import type { AuthArea } from '@/features/auth/types';
import { setReloadTarget } from '@/lib/lazy-route';
import { createAppStore } from '../store';

/** Portal and back office: a fresh store, the identity listener for the area, and its router. */
export function mountSignedArea(root: Root, resolution: AreaResolution, area: AuthArea, routes: RouteObject[]): void {
  const store = createAppStore();
  startAuthListener(store.dispatch, area);
  const router = createBrowserRouter(routes, { basename: resolution.basename || '/' });
  setReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : null;
  });
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
