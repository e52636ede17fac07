import type { RouteObject } from 'react-router-dom';
import { registryRoutes } from '../../shared/screen-registry';
import { BACKOFFICE_SCREENS } from './navigation';

/** The back office's route table (spec §2), derived from its screen registry. Registration is not part of it. */
export function backofficeRoutes(): RouteObject[] {
  return registryRoutes(BACKOFFICE_SCREENS, () => import('./backoffice-shell'));
}
