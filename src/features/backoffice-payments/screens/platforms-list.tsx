import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  paymentPlatformListQuery,
  PAYMENT_ENVIRONMENT_LABELS,
  type PaymentPlatform,
} from '@/contracts/payment-platform';
import { Badge, OnOffBadge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { BankIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SimpleSelect } from '@/components/ui/select';
import { enableToggleAction, filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { backofficePaths } from '@/config/paths';
import { backofficePaymentsApi } from '../api';
import { DeletePlatformDialog, DisablePlatformDialog, useEnablePlatform } from '../components/platform-dialogs';
import { SecretKeyTail } from '../components/secret-key-tail';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  { value: 'enabled', label: 'Ativas' },
  { value: 'disabled', label: 'Inativas' },
];

const methodsCount = (n: number) => (n === 1 ? '1 método' : `${n} métodos`);

const COLUMNS: Column<PaymentPlatform>[] = [
  { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (platform) => platform.name },
  { id: 'provider', header: 'Provedor', sortKey: 'provider', cell: (platform) => platform.provider },
  {
    id: 'environment',
    header: 'Ambiente',
    sortKey: 'environment',
    cell: (platform) => (
      <Badge tone={platform.environment === 'producao' ? 'info' : 'warning'}>{PAYMENT_ENVIRONMENT_LABELS[platform.environment]}</Badge>
    ),
  },
  {
    id: 'secretKey',
    header: 'Chave secreta',
    hideOnMobile: true,
    cell: (platform) => <SecretKeyTail last4={platform.secretKeyLast4} />,
  },
  {
    id: 'methods',
    header: 'Métodos',
    className: 'text-right tabular-nums',
    cell: (platform) => platform.methods.length,
  },
  { id: 'status', header: 'Status', cell: (platform) => <OnOffBadge on={platform.enabled} /> },
];

const countLabel = (total: number) => (total === 1 ? '1 plataforma' : `${total} plataformas`);

export default function PaymentPlatformsListScreen() {
  const title = usePageTitle() || 'Plat. de Pagamento';
  const { list, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    paymentPlatformListQuery,
    backofficePaymentsApi.endpoints.listPaymentPlatforms,
  );
  const [toDisable, setToDisable] = useState<PaymentPlatform | null>(null);
  const { enable } = useEnablePlatform();
  const newButton = (
    <Link to={backofficePaths.paymentPlatformNew} className={buttonClasses('primary')}>
      Nova plataforma
    </Link>
  );

  return (
    <section>
      <PageHeader title={title} subtitle="As contas nos provedores que cobram Pix, boletos e cartões." actions={newButton} />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar plataformas', placeholder: 'Nome ou provedor' }}
        filters={<SimpleSelect aria-label="Filtrar por status" className="sm:w-48" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />}
        caption={title}
        columns={COLUMNS}
        getRowId={(platform) => platform.id}
        rowHref={(platform) => backofficePaths.paymentPlatform(platform.id)}
        rowLabel={(platform) => platform.name}
        emptyState={{
          icon: <BankIcon />,
          title: 'Nenhuma plataforma cadastrada',
          description: 'Cadastre a conta do provedor de pagamentos para depois criar os métodos oferecidos no checkout.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(platform) =>
          rowActions(platform, {
            view: backofficePaths.paymentPlatform(platform.id),
            edit: backofficePaths.paymentPlatformEdit(platform.id),
            extra: [enableToggleAction(platform.enabled, (on) => (on ? void enable(platform) : setToDisable(platform)))],
            remove: { description: platform.methods.length > 0 ? methodsCount(platform.methods.length) : undefined },
          })
        }
      />
      <DisablePlatformDialog platform={toDisable} onOpenChange={(open) => (open ? null : setToDisable(null))} />
      <DeletePlatformDialog platform={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}
