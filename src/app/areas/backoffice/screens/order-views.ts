import type { OrderViews } from '@/features/backoffice-orders/components/order-views';
import { OrderDeviceStatusBadge, OrderStatusBadge } from '@/features/orders/components/order-status-badge';
import { OrderTimeline } from '@/features/orders/components/order-timeline';

/**
 * The portal's order badges and timeline, handed to the back office's order screens: one look for an order in
 * both areas, composed here because a feature does not import another.
 */
export const ORDER_VIEWS: OrderViews = {
  StatusBadge: OrderStatusBadge,
  DeviceStatusBadge: OrderDeviceStatusBadge,
  Timeline: OrderTimeline,
};
