import type { Column } from '@/components/ui/data-table';
import { orderLabel, type Order } from '@/contracts/order';
import { formatDate } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { OrderStatusBadge } from './order-status-badge';

/** What an order list shows of every order, whichever area lists it. */
type OrderRow = Pick<Order, 'number' | 'createdAt' | 'status' | 'total'>;

/**
 * The columns every list of orders has — Pedido (the row's link), Data, Status and Total, sortable as the lists
 * are — for the portal's Pedidos and the back office's Ordens de Compra to place among their own.
 */
export function orderColumns<T extends OrderRow>(): Record<'number' | 'createdAt' | 'status' | 'total', Column<T>> {
  return {
    number: {
      id: 'number',
      header: 'Pedido',
      sortKey: 'number',
      primary: true,
      cell: (order) => <span className="whitespace-nowrap tabular-nums">{orderLabel(order)}</span>,
    },
    createdAt: {
      id: 'createdAt',
      header: 'Data',
      sortKey: 'createdAt',
      cell: (order) => (
        <time dateTime={order.createdAt.toISOString()} className="whitespace-nowrap tabular-nums">
          {formatDate(order.createdAt)}
        </time>
      ),
    },
    status: { id: 'status', header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    total: {
      id: 'total',
      header: 'Total',
      sortKey: 'total',
      className: 'text-right tabular-nums whitespace-nowrap',
      cell: (order) => formatBRL(order.total),
    },
  };
}
