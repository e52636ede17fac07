import { lazy, StrictMode, Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ErrorBoundary } from '@/components/ui/error-fallback';
import { NotFoundPage } from '@/components/ui/not-found';
import type { AreaResolution } from '@/config/areas';
import { landingPaths } from '@/config/paths';
import { reportError } from '@/lib/error-reporting';
import { replayHeldInteraction } from '@/lib/static-page';
import LandingPage from './landing-page';
import { legalKindOf } from './legal/legal-content';
import { LandingTree } from './landing-tree';
import { newsletterLinkOf } from './newsletter/link-path';

/** The pages of the newsletter's e-mail links: a chunk of their own, loaded only on those paths. */
const NewsletterLinkPage = lazy(() => import('./newsletter/newsletter-link-page'));
/** /privacidade and /termos: their texts are a chunk of their own, loaded only on those paths. */
const LegalPage = lazy(() => import('./legal/legal-page'));

/**
 * The landing: no store, no identity, no router library (its route table is "/", "/landing" and the 404 page).
 * The deployed build serves the page as HTML and loads this chunk at the visitor's first interaction
 * (src/app/shared/static-loader.ts): React then hydrates that markup and replays a button or form used before it was there.
 * Without the markup (the development server) the page renders here, the sections below the fold one per frame.
 */
export function isLandingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === landingPaths.home || path === landingPaths.landing;
}

function landingScreen(path: string) {
  if (isLandingPath(path)) return <LandingPage staged />;
  const legal = legalKindOf(path);
  if (legal) {
    return (
      <Suspense fallback={null}>
        <LegalPage kind={legal} />
      </Suspense>
    );
  }
  const link = newsletterLinkOf(path);
  if (link) {
    return (
      <Suspense fallback={null}>
        <NewsletterLinkPage link={link} />
      </Suspense>
    );
  }
  return <NotFoundPage />;
}

export function mount(root: Root, resolution: AreaResolution): void {
  const path = window.location.pathname.slice(resolution.basename.length) || '/';
  const markup = document.getElementById('landing');
  const html = document.documentElement;
  if (markup && html.dataset.static === 'landing' && isLandingPath(path)) {
    html.setAttribute('data-hydrating', '');
    hydrateRoot(markup, <LandingTree onHydrated={replayHeldInteraction} />, {
      // A markup the client would render differently (e.g. a new year in the footer): React renders it anew.
      onRecoverableError: (error) => reportError(error, { area: 'landing', phase: 'hydration' }),
    });
    return;
  }
  markup?.remove();
  root.render(
    <StrictMode>
      <ErrorBoundary>{landingScreen(path)}</ErrorBoundary>
    </StrictMode>,
  );
}
