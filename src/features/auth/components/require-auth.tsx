import type { ReactNode } from 'react';
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
  if (area === 'portal' && pendingProfile && !user) return <CompleteProfile pending={pendingProfile} />;
  if (loading && !user) return <PageLoader label="Verificando sua sessão…" />;
  if (!user || (area === 'backoffice' && !user.admin)) {
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    const query = wanted && wanted !== '/' ? `?redirect=${encodeURIComponent(wanted)}` : '';
    return <Navigate to={`${SIGN_IN_PATH[area]}${query}`} replace />;
  }
  return children;
}
