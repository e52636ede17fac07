import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { allowedStatusChanges, type BackofficeOrder } from '@/contracts/backoffice-order';
import { orderLabel } from '@/contracts/order';
import { Button } from '@/components/ui/button';
import { DetailPage, DetailSection } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { backofficePaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetBackofficeOrderQuery } from '../api';
import {
  AssemblerSection,
  DeliverySection,
  ItemsSection,
  PaymentSection,
  ProvisionedDevicesSection,
} from '../components/order-sections';
import { OrderStatusBadge } from '@/entities/orders/order-status-badge';
import { OrderTimeline } from '@/entities/orders/order-timeline';
import { StatusChangeDialog } from '../components/status-change-dialog';

function OrderView({ order, onReload }: { order: BackofficeOrder; onReload(): Promise<unknown> }) {
  const [changing, setChanging] = useState(false);
  const canChange = allowedStatusChanges(order.status).length > 0;
  return (
    <section className="max-w-6xl space-y-6">
      <PageHeader
        title={`Pedido ${orderLabel(order)}`}
        subtitle={`Feito em ${formatDateTime(order.createdAt)} por ${order.assembler.name}`}
        actions={canChange ? <Button onClick={() => setChanging(true)}>Alterar status</Button> : null}
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
          <AssemblerSection order={order} />
          <ItemsSection order={order} />
          <ProvisionedDevicesSection order={order} />
        </div>
        <div className="min-w-0 space-y-6">
          <DetailSection title="Andamento">
            <OrderTimeline order={order} />
          </DetailSection>
          <DeliverySection order={order} />
          <PaymentSection order={order} />
        </div>
      </div>
      <StatusChangeDialog order={order} open={changing} onOpenChange={setChanging} onReload={onReload} />
    </section>
  );
}

/** `/backoffice-orders/:id`: one order of any builder, its full history, and the staff's status changes. */
export default function BackofficeOrderDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetBackofficeOrderQuery(id, { refetchOnMountOrArgChange: 30 });
  const order = query.currentData;
  useBreadcrumbTitle(order ? `Pedido ${orderLabel(order)}` : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Pedido não encontrado"
      notFoundDescription="O endereço pode estar incorreto."
      backTo={{ href: backofficePaths.orders, label: 'Voltar para Ordens de Compra' }}
    >
      {(current: BackofficeOrder) => <OrderView order={current} onReload={() => query.refetch()} />}
    </DetailPage>
  );
}
