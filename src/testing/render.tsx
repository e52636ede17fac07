import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { createAppStore, type AppStore } from '@/app/store';
import { StableLinksProvider } from '@/components/ui/stable-links';

/**
 * Renders routes in a memory router with a fresh store (one per test), under the stable links RootLayout gives the
 * app's screens (lists' row links, the shell's links).
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', store = createAppStore(), ...options }: { path?: string; store?: AppStore } & RenderOptions = {},
) {
  const withLinks: RouteObject = {
    element: (
      <StableLinksProvider>
        <Outlet />
      </StableLinksProvider>
    ),
    children: routes,
  };
  const router = createMemoryRouter([withLinks], { initialEntries: [path] });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    options,
  );
  return { ...result, store, router };
}

/** Renders one element with a fresh store and a router around it. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', store = createAppStore() }: { path?: string; store?: AppStore } = {},
) {
  return renderRoutes([{ path: '*', element: ui as ReactNode }], { path, store });
}
