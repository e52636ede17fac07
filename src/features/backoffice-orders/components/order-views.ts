import type { ComponentType } from 'react';
import type { OrderStatus } from '@/contracts/commerce';
import type { DeviceStatus } from '@/contracts/device';
import type { Order } from '@/contracts/order';

/**
 * The order views the back office shares with the portal's orders (the status badges and the timeline of
 * src/features/orders/components). A feature does not import another, so the back office's route modules
 * (src/app/areas/backoffice/screens/orders.tsx, order-detail.tsx) hand them to these screens: one badge and one
 * timeline for both areas, never a copy.
 */
export interface OrderViews {
  /** "Aguardando pagamento", "Pago", … "Cancelado". */
  StatusBadge: ComponentType<{ status: OrderStatus }>;
  /** A provisioned gateway's "Online", "Offline" or "Nunca conectado". */
  DeviceStatusBadge: ComponentType<{ status: DeviceStatus }>;
  /** The order's history with who moved it and when, then the steps to come. */
  Timeline: ComponentType<{ order: Order }>;
}
