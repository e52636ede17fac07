import { useMatches } from 'react-router-dom';

/** A breadcrumb ancestor: its registry title and its route path (may hold the current route's parameters). */
export interface RouteCrumb {
  title: string;
  path: string;
}

/**
 * Route `handle` (written by the area's navigation registry): the title used by the <h1>, the breadcrumb and the
 * document title; `trail`, the breadcrumb ancestors of a detail page (outermost first); `light` marks a page shown
 * before sign-in (no shell), whose first load carries as little as possible (its toasts load on the first one).
 */
export interface RouteHandle {
  title: string;
  light?: boolean;
  /** A sign-in page whose identity SDK may wait for the visitor's first interaction (identity-start.ts). */
  identityOnInteraction?: boolean;
  trail?: readonly RouteCrumb[];
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

/** Title of the deepest matched route that has one. */
export function useRouteTitle(): string | null {
  return useRouteHandle()?.title ?? null;
}
