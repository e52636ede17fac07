import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PAYMENT_KIND_LABELS, orderLabel, type Order } from '@/contracts/order';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { MoneyTotals } from '@/components/ui/money-totals';
import { OrderItemsTable } from '@/entities/orders/order-items-table';
import { portalPaths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/dates';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { OrderDevices } from '../components/order-devices';
import { OrderStatusBadge } from '@/entities/orders/order-status-badge';
import { OrderTimeline } from '@/entities/orders/order-timeline';
import { PaymentInstructions } from '../components/payment-instructions';
import { addressLines, discountRuleText, installmentsText } from '../format';
import { useWatchedOrder } from '../use-watched-order';

function Totals({ order }: { order: Order }) {
  return (
    <MoneyTotals
      className="ml-auto mt-4 max-w-sm"
      subtotal={order.subtotal}
      discount={order.discount}
      shipping={order.shipping}
      total={order.total}
      discountNote={order.discountRule ? discountRuleText(order.discountRule) : null}
    />
  );
}

/** "Boleto bancário"; the kind too when the method's name does not say it ("Cartão corporativo (Cartão de crédito)"). */
function methodText(payment: Order['payment']): string {
  const kind = PAYMENT_KIND_LABELS[payment.kind];
  return payment.methodName.toLowerCase().includes(kind.toLowerCase().split(' ')[0] ?? '') ? payment.methodName : `${payment.methodName} (${kind})`;
}

function PaymentSummary({ order }: { order: Order }) {
  const { payment } = order;
  return (
    <DetailSection title="Pagamento">
      <DescriptionList
        columns={1}
        items={[
          { term: 'Forma de pagamento', description: methodText(payment) },
          { term: 'Parcelas', description: installmentsText(payment) },
          ...(payment.cardLast4
            ? [{ term: 'Cartão', description: `${payment.cardBrand ?? 'Cartão'} final ${payment.cardLast4}` }]
            : []),
          ...(payment.kind === 'boleto' && payment.boletoDueAt && !payment.paidAt
            ? [{ term: 'Vencimento do boleto', description: formatDate(payment.boletoDueAt) }]
            : []),
          {
            term: 'Pago em',
            description: payment.paidAt ? formatDateTime(payment.paidAt) : order.status === 'cancelado' ? 'Não pago' : 'Aguardando',
          },
        ]}
      />
    </DetailSection>
  );
}

function Delivery({ order }: { order: Order }) {
  const shipped = order.status === 'enviado' || order.status === 'entregue';
  return (
    <DetailSection title="Entrega">
      <div className="space-y-4 text-sm">
        <address className="not-italic text-slate-900">
          {order.address.label ? <span className="block font-medium">{order.address.label}</span> : null}
          {addressLines(order.address).map((line) => (
            <span key={line} className="block text-slate-700">
              {line}
            </span>
          ))}
        </address>
        {shipped && order.trackingCode ? (
          <div className="space-y-2">
            <p className="text-slate-600">
              Código de rastreio: <span className="font-mono font-semibold text-slate-900">{order.trackingCode}</span>
            </p>
            <CopyButton size="sm" value={order.trackingCode} label="Copiar código de rastreio" copiedMessage="Código de rastreio copiado." />
          </div>
        ) : null}
      </div>
    </DetailSection>
  );
}

function OrderView({ order }: { order: Order }) {
  const [cancelling, setCancelling] = useState(false);
  const cancellable = order.status === 'aguardando-pagamento' && order.payment.confirmingSince === null;
  return (
    <section className="max-w-6xl space-y-6">
      <PageHeader
        title={`Pedido ${orderLabel(order)}`}
        subtitle={`Feito em ${formatDateTime(order.createdAt)}`}
        actionsNeed="purchase"
        actions={
          cancellable ? (
            <Button variant="secondary" onClick={() => setCancelling(true)}>
              Cancelar pedido
            </Button>
          ) : null
        }
      />
      <p className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        Status: <OrderStatusBadge status={order.status} />
      </p>
      {order.status === 'cancelado' ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          Este pedido foi cancelado. {order.cancelReason ? <>Motivo: {order.cancelReason}</> : 'Nenhum motivo foi informado.'}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <PaymentInstructions order={order} />
          <DetailSection title="Itens">
            <OrderItemsTable order={order} />
            <Totals order={order} />
          </DetailSection>
          <OrderDevices order={order} />
        </div>
        <div className="min-w-0 space-y-6">
          <DetailSection title="Andamento">
            <OrderTimeline order={order} />
          </DetailSection>
          <Delivery order={order} />
          <PaymentSummary order={order} />
        </div>
      </div>
      <CancelOrderDialog order={order} open={cancelling} onOpenChange={setCancelling} />
    </section>
  );
}

export default function OrderDetailScreen() {
  const { id = '' } = useParams();
  const query = useWatchedOrder(id, { refetchOnMountOrArgChange: 30 });
  const order = query.currentData;
  useBreadcrumbTitle(order ? `Pedido ${orderLabel(order)}` : undefined);

  return (
    <DetailPage
      query={query}
      notFoundTitle="Pedido não encontrado"
      notFoundDescription="Ele pode pertencer a outra conta, ou o endereço está incorreto."
      backTo={{ href: portalPaths.orders, label: 'Voltar para Pedidos' }}
    >
      {(current: Order) => <OrderView order={current} />}
    </DetailPage>
  );
}
