import { backofficeOrderListQuery, type AssemblerSummary, type BackofficeOrder } from '@/contracts/backoffice-order';
import {
  ORDER_PERIOD_LABELS,
  ORDER_PERIODS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderLabel,
  PAYMENT_KIND_LABELS,
  PAYMENT_KINDS,
} from '@/contracts/order';
import { formatCnpj } from '@/contracts/validators/cnpj';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { ReceiptIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { SimpleSelect } from '@/components/ui/select';
import { filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { backofficePaths } from '@/config/paths';
import { backofficeOrdersApi, useListAssemblersQuery } from '../api';
import { AssemblerCard } from '../components/assembler-card';
import { orderColumns } from '@/entities/orders/order-columns';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

const PERIOD_OPTIONS = [
  { value: '', label: 'Todo o período' },
  ...ORDER_PERIODS.map((period) => ({ value: period, label: ORDER_PERIOD_LABELS[period] })),
];

const PAYMENT_OPTIONS = [
  { value: '', label: 'Todas as formas de pagamento' },
  ...PAYMENT_KINDS.map((kind) => ({ value: kind, label: PAYMENT_KIND_LABELS[kind] })),
];

function assemblerOptions(assemblers: readonly AssemblerSummary[] | undefined, selected: string | undefined, loading: boolean) {
  const options = [{ value: '', label: 'Todas as montadoras' }, ...(assemblers ?? []).map((a) => ({ value: a.uid, label: a.name }))];
  // A builder from the URL not (yet) in the list still shows as chosen.
  if (selected && !options.some((option) => option.value === selected)) {
    options.push({ value: selected, label: loading ? 'Carregando montadora…' : 'Montadora não encontrada' });
  }
  return options;
}

const ORDER = orderColumns<BackofficeOrder>();
const COLUMNS: Column<BackofficeOrder>[] = [
  ORDER.number,
  {
    id: 'assembler',
    header: 'Montadora',
    cell: (order) => (
      <span className="flex min-w-0 flex-col">
        <span className="text-slate-900">{order.assembler.name}</span>
        {order.assembler.cnpj ? (
          <span className="whitespace-nowrap font-mono text-xs text-slate-600">{formatCnpj(order.assembler.cnpj)}</span>
        ) : null}
      </span>
    ),
  },
  ORDER.createdAt,
  ORDER.status,
  {
    id: 'payment',
    header: 'Pagamento',
    hideOnMobile: true,
    cell: (order) => <span className="whitespace-nowrap">{PAYMENT_KIND_LABELS[order.payment.kind]}</span>,
  },
  ORDER.total,
];

const countLabel = (total: number) => (total === 1 ? '1 ordem de compra' : `${total} ordens de compra`);

/**
 * Ordens de Compra: every builder's orders, searched by number, builder name or CNPJ, filtered by status, period,
 * builder and payment kind. With `?assembler=<uid>` it is that builder's page: its card above its orders.
 */
export default function BackofficeOrdersListScreen() {
  const { list, query, table, rowActions, navigate } = useListScreen(
    backofficeOrderListQuery,
    backofficeOrdersApi.endpoints.listBackofficeOrders,
  );
  const assemblers = useListAssemblersQuery();
  const assembler = query.filters.assembler;
  const onlyAssembler =
    assembler !== undefined && query.q === '' && Object.keys(query.filters).every((name) => name === 'assembler');

  return (
    <section>
      <PageHeader title="Ordens de Compra" subtitle="Os pedidos de todas as montadoras: pagamento, separação, envio e entrega." />
      {assembler ? <AssemblerCard uid={assembler} onClear={() => list.setFilter('assembler', null)} /> : null}
      <ListBlock
        list={list}
        table={table}
        toolbarClassName="mb-4 space-y-3"
        search={{ label: 'Buscar ordens de compra', placeholder: 'Número do pedido, montadora ou CNPJ', className: 'sm:max-w-md' }}
        filters={
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <SimpleSelect aria-label="Filtrar por status" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />
            <SimpleSelect aria-label="Filtrar por período" {...filterSelectProps(list, 'period')} options={PERIOD_OPTIONS} />
            <SimpleSelect
              aria-label="Filtrar por montadora"
              {...filterSelectProps(list, 'assembler')}
              options={assemblerOptions(assemblers.data?.data, assembler, assemblers.isLoading)}
            />
            <SimpleSelect
              aria-label="Filtrar por forma de pagamento"
              {...filterSelectProps(list, 'paymentKind')}
              options={PAYMENT_OPTIONS}
            />
          </div>
        }
        caption="Ordens de Compra"
        columns={COLUMNS}
        getRowId={(order) => order.id}
        rowHref={(order) => backofficePaths.order(order.id)}
        rowLabel={(order) => `Pedido ${orderLabel(order)}`}
        errorTitle="Não foi possível carregar as ordens de compra."
        emptyState={{
          icon: <ReceiptIcon />,
          title: 'Nenhuma ordem de compra cadastrada',
          description: 'Os pedidos que as montadoras fazem no portal aparecem aqui, com pagamento, separação, envio e entrega.',
        }}
        noResults={onlyAssembler ? { description: 'Esta montadora ainda não fez pedidos.' } : undefined}
        countLabel={countLabel}
        rowActions={(order) =>
          rowActions(order, {
            view: backofficePaths.order(order.id),
            extra: [{ label: 'Ver montadora', onSelect: () => navigate(backofficePaths.assemblerOrders(order.assembler.uid)) }],
          })
        }
      />
    </section>
  );
}
