import { prerenderSignIn, type PrerenderedPage } from '../../shared/prerender-signed-page';
import { BACKOFFICE_SCREENS } from './navigation';
import { backofficeRoutes } from './routes';

/** The back office's sign-in page as HTML, for the build (scripts/vite-landing-prerender-plugin.ts). */
export function renderSignIn(): Promise<PrerenderedPage> {
  return prerenderSignIn('backoffice', BACKOFFICE_SCREENS, backofficeRoutes(), 'login');
}
