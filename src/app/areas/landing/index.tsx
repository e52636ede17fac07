import { lazy, StrictMode, Suspense } from 'react';
import type { Root } from 'react-dom/client';
import { ErrorBoundary } from '@/components/ui/error-fallback';
import { NotFoundPage } from '@/components/ui/not-found';
import type { AreaResolution } from '@/config/areas';
import { landingPaths } from '@/config/paths';
import { withReloadOnce } from '@/lib/lazy-route';

/**
 * The landing: no store, no identity, no router library (its route table is "/", "/landing" and the 404 page),
 * so its first load is React and the page itself. The page is its own lazily loaded chunk.
 */
const LandingPage = lazy(withReloadOnce(() => import('./landing-page')));

export function isLandingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === landingPaths.home || path === landingPaths.landing;
}

export function mount(root: Root, resolution: AreaResolution): void {
  const path = window.location.pathname.slice(resolution.basename.length) || '/';
  root.render(
    <StrictMode>
      <ErrorBoundary>
        {isLandingPath(path) ? (
          <Suspense fallback={<div className="min-h-svh" />}>
            <LandingPage />
          </Suspense>
        ) : (
          <NotFoundPage />
        )}
      </ErrorBoundary>
    </StrictMode>,
  );
}
