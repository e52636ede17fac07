import type { RouteObject } from 'react-router-dom';
import { registryRoutes } from '../../shared/screen-registry';
import { PORTAL_SCREENS } from './navigation';

/** The portal's route table (spec §2), relative to the area's basename, derived from its screen registry. */
export function portalRoutes(): RouteObject[] {
  return registryRoutes(PORTAL_SCREENS, () => import('./portal-shell'));
}
