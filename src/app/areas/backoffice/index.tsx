import type { Root } from 'react-dom/client';
import type { AreaResolution } from '@/config/areas';
import { mountSignedArea } from '../../shared/mount-signed-area';
import { backofficeRoutes } from './routes';

export function mount(root: Root, resolution: AreaResolution): void {
  mountSignedArea(root, resolution, 'backoffice', backofficeRoutes());
}
