import { Link } from 'react-router-dom';
import {
  ORDER_PERIOD_LABELS,
  ORDER_PERIODS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderLabel,
  orderListQuery,
  type Order,
} from '@/contracts/order';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { CartIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { SimpleSelect } from '@/components/ui/select';
import { filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { portalPaths } from '@/config/paths';
import { ordersApi } from '../api';
import { orderColumns } from '@/entities/orders/order-columns';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

const PERIOD_OPTIONS = [
  { value: '', label: 'Todo o período' },
  ...ORDER_PERIODS.map((period) => ({ value: period, label: ORDER_PERIOD_LABELS[period] })),
];

const ORDER = orderColumns<Order>();
const COLUMNS: Column<Order>[] = [
  ORDER.number,
  ORDER.createdAt,
  ORDER.status,
  { id: 'itemCount', header: 'Itens', className: 'text-right tabular-nums', cell: (order) => order.itemCount },
  ORDER.total,
];

const countLabel = (total: number) => (total === 1 ? '1 pedido' : `${total} pedidos`);

export default function OrdersListScreen() {
  const { list, result, table, rowActions } = useListScreen(orderListQuery, ordersApi.endpoints.listOrders);
  const newButton = (
    <Link to={portalPaths.checkout} className={buttonClasses('primary')}>
      Novo pedido
    </Link>
  );

  return (
    <section>
      <PageHeader title="Pedidos" subtitle="Gerencie seus pedidos" actions={newButton} actionsNeed="purchase" />
      <ListBlock
        list={list}
        table={table}
        toolbarClassName="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        search={{ label: 'Buscar pedidos', placeholder: 'Número do pedido, ex.: 1004', className: 'sm:max-w-xs sm:flex-1' }}
        filters={
          <>
            <SimpleSelect aria-label="Filtrar por status" className="sm:w-56" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />
            <SimpleSelect aria-label="Filtrar por período" className="sm:w-48" {...filterSelectProps(list, 'period')} options={PERIOD_OPTIONS} />
          </>
        }
        caption="Pedidos"
        columns={COLUMNS}
        // Unlike the other lists, Pedidos does not dim its rows while a change waits for them (list.pending).
        isFetching={result.isFetching}
        getRowId={(order) => order.id}
        rowHref={(order) => portalPaths.order(order.id)}
        rowLabel={(order) => `Pedido ${orderLabel(order)}`}
        errorTitle="Não foi possível carregar os pedidos."
        emptyState={{
          icon: <CartIcon />,
          title: 'Nenhum pedido cadastrado',
          description: 'Compre gateways e planos de conectividade: cada gateway pago já chega com seu código de configuração.',
          action: newButton,
          actionNeed: 'purchase',
        }}
        countLabel={countLabel}
        rowActions={(order) => rowActions(order, { view: portalPaths.order(order.id) })}
      />
    </section>
  );
}
