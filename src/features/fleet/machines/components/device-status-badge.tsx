import { DEVICE_STATUS_LABELS, type DeviceStatus } from '@/contracts/device';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<DeviceStatus, BadgeTone> = { online: 'success', offline: 'danger', 'never-connected': 'neutral' };

/** "Online" / "Offline" / "Nunca conectado". */
export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}
