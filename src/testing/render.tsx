import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createAppStore, type AppStore } from '@/app/store';

/** Renders routes in a memory router with a fresh store (one per test). */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', store = createAppStore(), ...options }: { path?: string; store?: AppStore } & RenderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
