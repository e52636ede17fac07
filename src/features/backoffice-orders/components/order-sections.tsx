import { Link } from 'react-router-dom';
import type { BackofficeOrder } from '@/contracts/backoffice-order';
import { PAYMENT_KIND_LABELS, orderLabel, type Order } from '@/contracts/order';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { maskCep } from '@/contracts/validators/fields';
import { CopyButton } from '@/components/ui/copy-button';
import { DescriptionList, DetailSection } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { MoneyTotals } from '@/components/ui/money-totals';
import { OrderItemsTable } from '@/entities/orders/order-items-table';
import { backofficePaths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { OrderDeviceStatusBadge } from '@/entities/orders/order-status-badge';

const linkClasses = 'text-accent-strong underline-offset-2 hover:underline';

/** The builder who made the order, linking to its page (its card and its orders). */
export function AssemblerSection({ order }: { order: BackofficeOrder }) {
  const { assembler } = order;
  return (
    <DetailSection title="Montadora">
      <DescriptionList
        items={[
          {
            term: 'Montadora',
            description: (
              <Link to={backofficePaths.assemblerOrders(assembler.uid)} className={linkClasses}>
                {assembler.name}
              </Link>
            ),
          },
          { term: 'CNPJ', description: assembler.cnpj ? <span className="font-mono">{formatCnpj(assembler.cnpj)}</span> : '' },
          {
            term: 'E-mail',
            description: assembler.email ? (
              <a className={linkClasses} href={`mailto:${assembler.email}`}>
                {assembler.email}
              </a>
            ) : (
              ''
            ),
          },
        ]}
      />
    </DetailSection>
  );
}

/** Items, then subtotal, discount (with the rule it came from), shipping and total. */
export function ItemsSection({ order }: { order: Order }) {
  return (
    <DetailSection title="Itens">
      <OrderItemsTable order={order} />
      <MoneyTotals
        className="ml-auto mt-4 max-w-sm"
        subtotal={order.subtotal}
        discount={order.discount}
        shipping={order.shipping}
        total={order.total}
        discountNote={order.discountRule ? `${order.discountRule.name}: ${order.discountRule.percent}%` : null}
      />
    </DetailSection>
  );
}

/** Where it ships (the address as it was when ordered) and, once sent, the tracking code. */
export function DeliverySection({ order }: { order: Order }) {
  const { address } = order;
  return (
    <DetailSection title="Entrega">
      <div className="space-y-4 text-sm">
        <address className="not-italic text-slate-900">
          {address.label ? <span className="block font-medium">{address.label}</span> : null}
          <span className="block text-slate-700">
            {address.street}, {address.number}
            {address.complement ? ` — ${address.complement}` : ''}
          </span>
          <span className="block text-slate-700">
            {address.district} — {address.city}/{address.uf}
          </span>
          <span className="block text-slate-700">CEP {maskCep(address.cep)}</span>
        </address>
        {order.trackingCode ? (
          <div className="space-y-2">
            <p className="text-slate-600">
              Código de rastreio: <span className="font-mono font-semibold text-slate-900">{order.trackingCode}</span>
            </p>
            <CopyButton size="sm" value={order.trackingCode} label="Copiar código de rastreio" copiedMessage="Código de rastreio copiado." />
          </div>
        ) : (
          <p className="text-slate-600">Código de rastreio: informado quando o pedido for enviado.</p>
        )}
      </div>
    </DetailSection>
  );
}

function paidText(order: Order): string {
  const { payment } = order;
  if (payment.paidAt) return formatDateTime(payment.paidAt);
  if (order.status === 'cancelado') return 'Não pago';
  if (payment.confirmingSince) return `Confirmando desde ${formatDateTime(payment.confirmingSince)}`;
  return 'Aguardando';
}

/** How it is paid: method, instalments, card, boleto due date, when it was paid. */
export function PaymentSection({ order }: { order: Order }) {
  const { payment } = order;
  const kind = PAYMENT_KIND_LABELS[payment.kind];
  return (
    <DetailSection title="Pagamento">
      <DescriptionList
        columns={1}
        items={[
          {
            term: 'Forma de pagamento',
            description: payment.methodName === kind ? kind : `${payment.methodName} (${kind})`,
          },
          {
            term: 'Parcelas',
            description: payment.installments > 1 ? `${payment.installments}x de ${formatBRL(payment.installmentAmount)}` : 'À vista',
          },
          ...(payment.cardLast4 ? [{ term: 'Cartão', description: `${payment.cardBrand ?? 'Cartão'} final ${payment.cardLast4}` }] : []),
          ...(payment.kind === 'boleto' && payment.boletoDueAt && !payment.paidAt
            ? [{ term: 'Vencimento do boleto', description: formatDate(payment.boletoDueAt) }]
            : []),
          { term: 'Pago em', description: paidText(order) },
        ]}
      />
    </DetailSection>
  );
}

/** The gateways the order provisioned (once paid), each with its serial number, setup code and status. */
export function ProvisionedDevicesSection({ order }: { order: BackofficeOrder }) {
  const gateways = order.items.filter((item) => item.kind === 'gateway').reduce((sum, item) => sum + item.quantity, 0);
  if (gateways === 0) return null;
  let empty: { title: string; description: string } | null = null;
  if (order.devices.length === 0) {
    if (order.status === 'cancelado') {
      empty = {
        title: 'Nenhum gateway ativo',
        description: order.payment.paidAt
          ? 'Os gateways provisionados por este pedido foram desativados no cancelamento.'
          : 'O pedido foi cancelado antes do pagamento: nenhum gateway foi provisionado.',
      };
    } else {
      empty = {
        title: 'Aguardando o pagamento',
        description:
          gateways === 1
            ? 'O gateway é provisionado quando o pagamento for confirmado.'
            : `Os ${gateways} gateways são provisionados quando o pagamento for confirmado.`,
      };
    }
  }
  return (
    <DetailSection title="Dispositivos provisionados">
      {empty ? (
        <EmptyState headingLevel={3} title={empty.title} description={empty.description} />
      ) : (
        <ul aria-label={`Dispositivos do pedido ${orderLabel(order)}`} className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {order.devices.map((device) => (
            <li key={device.id} className="space-y-1 px-4 py-3">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{device.name}</span>
                <OrderDeviceStatusBadge status={device.status} />
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                <dt className="text-slate-600">Número de série</dt>
                <dd className="font-mono text-slate-900">{device.serialNumber}</dd>
                <dt className="text-slate-600">Código de configuração</dt>
                <dd className="font-mono font-semibold text-slate-900">{device.setupCode}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
