import { DEVICE_STATUS_LABELS, type DeviceStatus } from '@/contracts/device';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<DeviceStatus, BadgeTone> = {
  online: 'success',
  offline: 'warning',
  'never-connected': 'neutral',
};

/** "Online", "Offline" or "Nunca conectado", with its colour (the text says it; the colour only helps). */
export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}
