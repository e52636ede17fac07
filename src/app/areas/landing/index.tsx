import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { ErrorBoundary } from '@/components/ui/error-fallback';
import { NotFoundPage } from '@/components/ui/not-found';
import type { AreaResolution } from '@/config/areas';
import { landingPaths } from '@/config/paths';
import LandingPage from './landing-page';

/**
 * The landing: no store, no identity, no router library (its route table is "/", "/landing" and the 404 page),
 * so its first load is React and the page itself. The page is part of this (already lazily loaded) area chunk
 * rather than a chunk of its own: one network round trip less before the first paint, which is what the
 * landing's performance budget is about; sonner and the demo backend stay out of it until needed.
 */
export function isLandingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === landingPaths.home || path === landingPaths.landing;
}

export function mount(root: Root, resolution: AreaResolution): void {
  const path = window.location.pathname.slice(resolution.basename.length) || '/';
  root.render(
    <StrictMode>
      <ErrorBoundary>{isLandingPath(path) ? <LandingPage staged /> : <NotFoundPage />}</ErrorBoundary>
    </StrictMode>,
  );
}
