import { prerenderSignIn, type PrerenderedPage } from '../../shared/prerender-signed-page';
import { PORTAL_SCREENS } from './navigation';
import { portalRoutes } from './routes';

/** The portal's sign-in page as HTML, for the build (scripts/vite-landing-prerender-plugin.ts). */
export function renderSignIn(): Promise<PrerenderedPage> {
  return prerenderSignIn('portal', PORTAL_SCREENS, portalRoutes(), 'login');
}
