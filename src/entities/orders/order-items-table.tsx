import { orderLabel, type Order, type OrderItem } from '@/contracts/order';
import { formatBRL } from '@/lib/money';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';

const ITEM_COLUMNS: SimpleColumn<OrderItem>[] = [
  {
    id: 'name',
    header: 'Produto',
    cell: (item) => (
      <span className="flex flex-col">
        <span>{item.name}</span>
        <span className="font-mono text-xs font-normal text-slate-600">{item.sku}</span>
      </span>
    ),
  },
  { id: 'quantity', header: 'Quantidade', className: 'text-right tabular-nums', cell: (item) => item.quantity },
  {
    id: 'unitPrice',
    header: 'Preço unitário',
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: (item) => formatBRL(item.unitPrice),
  },
  {
    id: 'total',
    header: 'Total',
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: (item) => formatBRL(item.unitPrice * item.quantity),
  },
];

/** An order's items (product and SKU, quantity, unit price, line total): the customer's order page and the back office's. */
export function OrderItemsTable({ order }: { order: Order }) {
  return <SimpleTable caption={`Itens do pedido ${orderLabel(order)}`} columns={ITEM_COLUMNS} rows={order.items} getRowId={(item) => item.productId} />;
}
