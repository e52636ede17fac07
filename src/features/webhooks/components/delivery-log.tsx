import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, type WebhookDeliveryStatus } from '@/contracts/webhooks';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/dates';
import { useListWebhookDeliveriesQuery, useResendWebhookDeliveryMutation, type WebhookDeliveryView } from '../api';

const STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = { pendente: 'warning', entregue: 'success', falhou: 'danger' };

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[status]}</Badge>;
}

function ResendButton({ delivery, disabled }: { delivery: WebhookDeliveryView; disabled: boolean }) {
  const [resend, state] = useResendWebhookDeliveryMutation();
  const when = formatDateTime(delivery.createdAt);
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={state.isLoading}
      disabled={disabled || delivery.status === 'pendente'}
      aria-label={`Reenviar a entrega de ${when}`}
      title={delivery.status === 'pendente' ? 'Esta entrega ainda está sendo tentada.' : undefined}
      onClick={() =>
        void resend({ id: delivery.id, endpointId: delivery.endpointId })
          .unwrap()
          .then(() => toast.success('Entrega reenviada.'))
          .catch((error: unknown) => toast.error(apiErrorMessage(error)))
      }
    >
      Reenviar
    </Button>
  );
}

/** One endpoint's latest deliveries: Data, Evento, Situação, Código, Tentativas, and "Reenviar" (Administrador). */
export function DeliveryLog({ endpointId, canEdit, url }: { endpointId: string; canEdit: boolean; url: string }) {
  const log = useListWebhookDeliveriesQuery(endpointId);
  if (log.isLoading) {
    return (
      <div aria-busy="true" className="space-y-2">
        <p role="status" className="sr-only">
          Carregando as entregas…
        </p>
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (log.error || !log.data) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p>Não foi possível carregar as entregas. {apiErrorMessage(log.error)}</p>
        <Button size="sm" variant="secondary" loading={log.isFetching} onClick={() => void log.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (log.data.data.length === 0) {
    return <p className="text-sm text-slate-600">Nenhuma entrega ainda. Use "Enviar teste" para conferir o seu endereço.</p>;
  }
  const columns: SimpleColumn<WebhookDeliveryView>[] = [
    { id: 'date', header: 'Data', cell: (row) => formatDateTime(row.createdAt), className: 'whitespace-nowrap' },
    { id: 'event', header: 'Evento', cell: (row) => WEBHOOK_EVENT_LABELS[row.event] },
    {
      id: 'status',
      header: 'Situação',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <DeliveryStatusBadge status={row.status} />
          {row.lastError && row.status !== 'entregue' ? <span className="text-xs text-slate-600">{row.lastError}</span> : null}
        </span>
      ),
    },
    { id: 'code', header: 'Código', cell: (row) => row.lastStatusCode ?? '—', className: 'tabular-nums' },
    { id: 'attempts', header: 'Tentativas', cell: (row) => row.attempts, className: 'tabular-nums' },
    ...(canEdit ? [{ id: 'actions', header: 'Ações', cell: (row: WebhookDeliveryView) => <ResendButton delivery={row} disabled={false} /> }] : []),
  ];
  return (
    <div className="space-y-2">
      <SimpleTable caption={`Entregas de ${url}`} columns={columns} rows={log.data.data} getRowId={(row) => row.id} rowHeader="date" />
      {log.data.meta.total > log.data.data.length ? (
        <p className="text-xs text-slate-600">
          As {log.data.data.length} entregas mais recentes de {log.data.meta.total}.
        </p>
      ) : null}
    </div>
  );
}
