import { ORDER_STATUS_LABELS, type OrderStatus } from '@/contracts/commerce';
import { DEVICE_STATUS_LABELS, type DeviceStatus } from '@/contracts/device';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const ORDER_TONES: Record<OrderStatus, BadgeTone> = {
  'aguardando-pagamento': 'warning',
  pago: 'info',
  'em-separacao': 'info',
  enviado: 'accent',
  entregue: 'success',
  cancelado: 'neutral',
};

/** "Aguardando pagamento", "Pago", … "Cancelado", with its colour (the text says it; the colour only helps). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={ORDER_TONES[status]} dot>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

const DEVICE_TONES: Record<DeviceStatus, BadgeTone> = {
  online: 'success',
  offline: 'warning',
  'never-connected': 'neutral',
};

/** A provisioned gateway's status: "Online", "Offline" or "Nunca conectado". */
export function OrderDeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge tone={DEVICE_TONES[status]} dot>
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}
