import { Link, useHref, useParams } from 'react-router-dom';
import { orderLabel, type Order, type OrderDevice } from '@/contracts/order';
import { Button, buttonClasses } from '@/components/ui/button';
import { DetailPage } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { QrIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { QrCode } from '@/components/ui/qr-code';
import { PRODUCT_NAME } from '@/config/brand';
import { portalPaths } from '@/config/paths';
import { useGetOrderQuery } from '../api';
import './order-labels.css';

/** "Etiquetas do pedido #1010". */
export function labelsTitle(order: Pick<Order, 'number'>): string {
  return `Etiquetas do pedido ${orderLabel(order)}`;
}

/**
 * The product each device came from. A paid order provisions one device per gateway unit, in the order of its
 * items, and lists them in that order; when the counts disagree (a device removed since), only an order with a
 * single gateway product can still name it.
 */
export function deviceProductNames(order: Pick<Order, 'items' | 'devices'>): Array<string | null> {
  const gateways = order.items.filter((item) => item.kind === 'gateway');
  const units = gateways.flatMap((item) => Array.from({ length: item.quantity }, () => item.name));
  if (units.length === order.devices.length) return units;
  const only = gateways.length === 1 ? (gateways[0]?.name ?? null) : null;
  return order.devices.map(() => only);
}

/** Why an order has no labels to print. */
function noLabelsText(order: Order): string {
  const gateways = order.items.some((item) => item.kind === 'gateway');
  if (!gateways) return 'Este pedido não tem gateways, só planos de conectividade: não há etiquetas a imprimir.';
  if (order.status === 'cancelado') return 'O pedido foi cancelado antes de os gateways serem provisionados.';
  if (order.status === 'aguardando-pagamento') {
    return 'As etiquetas ficam prontas assim que o pagamento for confirmado: cada gateway recebe então o seu código de configuração.';
  }
  return 'Os gateways deste pedido ainda não foram provisionados.';
}

function Label({ device, productName }: { device: OrderDevice; productName: string | null }) {
  const href = useHref(portalPaths.setup(device.setupCode));
  const url = new URL(href, window.location.origin).toString();
  return (
    <li
      data-print-label=""
      className="flex min-w-0 gap-3 rounded-lg border border-slate-300 bg-white p-3 shadow-sm [break-inside:avoid]"
    >
      <QrCode value={url} label={`QR code de configuração de ${device.name}`} size={128} className="shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-1">
        <div className="min-w-0">
          <p className="text-[11px] font-semibold uppercase tracking-wide text-slate-600">{PRODUCT_NAME}</p>
          <p className="truncate text-sm font-semibold text-slate-900">{productName ?? device.name}</p>
        </div>
        <dl className="space-y-0.5 text-xs">
          <div>
            <dt className="text-slate-600">Número de série</dt>
            <dd className="font-mono text-slate-900">{device.serialNumber}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Código de configuração</dt>
            <dd className="font-mono text-sm font-bold tracking-wide text-slate-900">{device.setupCode}</dd>
          </div>
        </dl>
        <p className="break-all font-mono text-[10px] leading-tight text-slate-600">{url}</p>
      </div>
    </li>
  );
}

function LabelsView({ order }: { order: Order }) {
  const names = deviceProductNames(order);
  const count = order.devices.length;
  return (
    <section className="max-w-6xl space-y-6">
      <PageHeader
        title={labelsTitle(order)}
        subtitle={
          count > 0
            ? `${count === 1 ? '1 etiqueta' : `${count} etiquetas`}, uma por gateway: o QR code abre a configuração do dispositivo.`
            : undefined
        }
        actionsNeed="none"
        actions={
          <>
            <Link to={portalPaths.order(order.id)} className={buttonClasses('secondary')}>
              Voltar para o pedido
            </Link>
            {count > 0 ? (
              <Button onClick={() => window.print()}>
                <QrIcon width={16} height={16} />
                Imprimir
              </Button>
            ) : null}
          </>
        }
      />
      {count === 0 ? (
        <EmptyState icon={<QrIcon />} title="Nenhum gateway provisionado" description={noLabelsText(order)} />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Cada etiqueta mede 90 × 50 mm; na impressão saem só as etiquetas, duas por linha numa folha A4, prontas para recortar
            e colar em cada gateway.
          </p>
          <ul aria-label={`Etiquetas dos gateways do pedido ${orderLabel(order)}`} data-print-labels="" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {order.devices.map((device, index) => (
              <Label key={device.id} device={device} productName={names[index] ?? null} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * "Etiquetas do pedido #N" (`/orders/:id/labels`): a print-ready label per gateway the order provisioned — its QR code
 * (the `/setup/<code>` address), product, serial number and setup code — and "Imprimir". Printing leaves out the
 * shell and lays the labels out at a fixed size (order-labels.css).
 */
export default function OrderLabelsScreen() {
  const { id = '' } = useParams();
  const query = useGetOrderQuery(id, { refetchOnMountOrArgChange: 30 });
  const order = query.currentData;
  useBreadcrumbTitle(order ? labelsTitle(order) : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Pedido não encontrado"
      notFoundDescription="Ele pode pertencer a outra conta, ou o endereço está incorreto."
      backTo={{ href: portalPaths.orders, label: 'Voltar para Pedidos' }}
    >
      {(current: Order) => <LabelsView order={current} />}
    </DetailPage>
  );
}
