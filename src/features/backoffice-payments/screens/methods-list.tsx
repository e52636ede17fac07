import { Link } from 'react-router-dom';
import {
  paymentMethodListQuery,
  PAYMENT_KINDS,
  PAYMENT_KIND_LABELS,
  type PaymentMethod,
} from '@/contracts/payment-method';
import { Badge, OnOffBadge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { CardIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SimpleSelect } from '@/components/ui/select';
import { enableToggleAction, filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { backofficePaths } from '@/config/paths';
import { backofficePaymentsApi } from '../api';
import { DeleteMethodDialog, useMethodSwitch } from '../components/method-dialogs';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  { value: 'enabled', label: 'Ativos' },
  { value: 'disabled', label: 'Inativos' },
];

const KIND_OPTIONS = [{ value: '', label: 'Todos os tipos' }, ...PAYMENT_KINDS.map((kind) => ({ value: kind, label: PAYMENT_KIND_LABELS[kind] }))];

const ordersCount = (n: number) => (n === 1 ? '1 pedido aguardando pagamento' : `${n} pedidos aguardando pagamento`);

const COLUMNS: Column<PaymentMethod>[] = [
  { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (method) => method.name },
  { id: 'kind', header: 'Tipo', sortKey: 'kind', cell: (method) => PAYMENT_KIND_LABELS[method.kind] },
  {
    id: 'platform',
    header: 'Plataforma',
    sortKey: 'platform',
    cell: (method) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        {method.platformName}
        {method.platformEnabled ? null : <Badge tone="warning">Plataforma inativa</Badge>}
      </span>
    ),
  },
  {
    id: 'maxInstallments',
    header: 'Parcelas máximas',
    sortKey: 'maxInstallments',
    className: 'text-right tabular-nums',
    cell: (method) => method.maxInstallments,
  },
  { id: 'status', header: 'Status', cell: (method) => <OnOffBadge on={method.enabled} /> },
];

const countLabel = (total: number) => (total === 1 ? '1 método' : `${total} métodos`);

export default function PaymentMethodsListScreen() {
  const title = usePageTitle() || 'Métodos de Pagamento';
  const { list, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    paymentMethodListQuery,
    backofficePaymentsApi.endpoints.listPaymentMethods,
  );
  const { setEnabled } = useMethodSwitch();
  const newButton = (
    <Link to={backofficePaths.paymentMethodNew} className={buttonClasses('primary')}>
      Novo método
    </Link>
  );

  return (
    <section>
      <PageHeader title={title} subtitle="Pix, boleto e cartão de crédito: o que o checkout oferece." actions={newButton} />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar métodos', placeholder: 'Nome, tipo ou plataforma' }}
        filters={
          <>
            <SimpleSelect aria-label="Filtrar por tipo" className="sm:w-48" {...filterSelectProps(list, 'kind')} options={KIND_OPTIONS} />
            <SimpleSelect aria-label="Filtrar por status" className="sm:w-44" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />
          </>
        }
        caption={title}
        columns={COLUMNS}
        getRowId={(method) => method.id}
        rowHref={(method) => backofficePaths.paymentMethod(method.id)}
        rowLabel={(method) => method.name}
        emptyState={{
          icon: <CardIcon />,
          title: 'Nenhum método cadastrado',
          description: 'Crie os métodos (Pix, boleto, cartão de crédito) que o checkout oferece, cada um numa plataforma ativa.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(method) =>
          rowActions(method, {
            view: backofficePaths.paymentMethod(method.id),
            edit: backofficePaths.paymentMethodEdit(method.id),
            extra: [
              enableToggleAction(method.enabled, (enable) => void setEnabled(method, enable), {
                disabled: !method.platformEnabled,
                description: method.platformEnabled ? undefined : 'Plataforma inativa',
              }),
            ],
            remove: { description: method.unpaidOrderCount > 0 ? ordersCount(method.unpaidOrderCount) : undefined },
          })
        }
      />
      <DeleteMethodDialog method={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}
