import { StrictMode } from 'react';
import { ErrorBoundary } from '@/components/ui/error-fallback';
import { AfterHydration } from '@/lib/static-page';
import LandingPage, { type PageLocation } from './landing-page';

/**
 * The landing as the build prerenders it and the browser hydrates it: the same tree on both sides, every section
 * at once (no staged reveal). `onHydrated` runs once React owns the markup.
 */
export function LandingTree({ at, onHydrated }: { at?: PageLocation; onHydrated?: () => void }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <LandingPage at={at} fromMarkup />
        {onHydrated ? <AfterHydration run={onHydrated} /> : null}
      </ErrorBoundary>
    </StrictMode>
  );
}
