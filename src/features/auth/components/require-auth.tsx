import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/spinner';
import { backofficePaths, portalPaths } from '@/config/paths';
import { useAuth } from '../hooks';
import type { AuthArea } from '../types';
import { CompleteProfile } from './complete-profile';

export const SIGN_IN_PATH: Record<AuthArea, string> = { portal: portalPaths.login, backoffice: backofficePaths.login };

/**
 * Signed-out visitors go to the area's sign-in, with the page they wanted as `redirect`; the back office also
 * requires the admin claim (re-checked by the identity listener on every load). A signed-in person without a
 * builder record completes the registration here, at the address they were going to, before the portal opens.
 */
export function RequireAuth({ area, children }: { area: AuthArea; children: ReactNode }) {
  const { user, loading, pendingProfile } = useAuth();
  const location = useLocation();
  // A session restored after the first render (a reload: the identity SDK answers later) arrives in a store update,
  // which React renders at once, in one task: the whole shell and its screen, ~100 ms at 4× CPU (`npm run bench`).
  // The area follows a deferred copy instead, which React renders in slices, yielding between them; the loader
  // stays until it is ready. A person already known at the first render (after signing in) sees no difference.
  const signedIn = useDeferredValue(user !== null);
  if (area === 'portal' && pendingProfile && !user) return <CompleteProfile pending={pendingProfile} />;
  const checking = <PageLoader label="Verificando sua sessão…" />;
  if (loading && !user) return checking;
  if (!user || (area === 'backoffice' && !user.admin)) {
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    const query = wanted && wanted !== '/' ? `?redirect=${encodeURIComponent(wanted)}` : '';
    return <Navigate to={`${SIGN_IN_PATH[area]}${query}`} replace />;
  }
  if (!signedIn) return checking;
  return children;
}
