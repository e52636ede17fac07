import { Link, useNavigate } from 'react-router-dom';
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
import { DataTable, type Column } from '@/components/ui/data-table';
import { CartIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { SimpleSelect } from '@/components/ui/select';
import { useListState } from '@/components/ui/use-list-state';
import { portalPaths } from '@/config/paths';
import { ordersApi, useListOrdersQuery } from '../api';
import { orderColumns } from '@/entities/orders/order-columns';
import { useListLoader } from '@/lib/api/use-list-loader';

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
  const navigate = useNavigate();
  const load = useListLoader(ordersApi.endpoints.listOrders);
  const list = useListState(orderListQuery, { load });
  const { query } = list;
  const result = useListOrdersQuery(query);
  const newButton = (
    <Link to={portalPaths.checkout} className={buttonClasses('primary')}>
      Novo pedido
    </Link>
  );

  return (
    <section>
      <PageHeader title="Pedidos" subtitle="Gerencie seus pedidos" actions={newButton} actionsNeed="purchase" />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchInput
          className="sm:max-w-xs sm:flex-1"
          label="Buscar pedidos"
          placeholder="Número do pedido, ex.: 1004"
          value={query.q}
          onSearch={list.setSearch}
        />
        <SimpleSelect
          aria-label="Filtrar por status"
          className="sm:w-56"
          value={query.filters.status ?? ''}
          onValueChange={(status) => list.setFilter('status', status || null)}
          options={STATUS_OPTIONS}
        />
        <SimpleSelect
          aria-label="Filtrar por período"
          className="sm:w-48"
          value={query.filters.period ?? ''}
          onValueChange={(period) => list.setFilter('period', period || null)}
          options={PERIOD_OPTIONS}
        />
      </div>
      <DataTable
        caption="Pedidos"
        columns={COLUMNS}
        rows={result.data?.data}
        total={result.data?.meta.total}
        getRowId={(order) => order.id}
        rowHref={(order) => portalPaths.order(order.id)}
        rowLabel={(order) => `Pedido ${orderLabel(order)}`}
        query={query}
        onSort={list.setSort}
        isLoading={result.isLoading}
        isFetching={result.isFetching}
        error={result.error}
        errorTitle="Não foi possível carregar os pedidos."
        onRetry={() => void result.refetch()}
        emptyState={{
          icon: <CartIcon />,
          title: 'Nenhum pedido cadastrado',
          description: 'Compre gateways e planos de conectividade: cada gateway pago já chega com seu código de configuração.',
          action: newButton,
          actionNeed: 'purchase',
        }}
        hasActiveSearch={list.hasActiveSearch}
        onPageOutOfRange={list.clampPage}
        onClearSearch={list.clearSearch}
        countLabel={countLabel}
        rowActions={(order) => [{ label: 'Ver detalhes', onSelect: () => navigate(portalPaths.order(order.id)) }]}
        pagination={{ onPageChange: list.setPage, onPerPageChange: list.setPerPage }}
      />
    </section>
  );
}
