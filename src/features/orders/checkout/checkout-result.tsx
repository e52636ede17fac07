import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { orderLabel, type Order } from '@/contracts/order';
import { buttonClasses } from '@/components/ui/button';
import { DetailPage } from '@/components/ui/detail-page';
import { CheckIcon } from '@/components/ui/icons';
import { portalPaths } from '@/config/paths';
import { OrderStatusBadge } from '@/entities/orders/order-status-badge';
import { PaymentInstructions } from '@/features/orders/components/payment-instructions';
import { formatDate } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { useWatchedOrder } from '../use-watched-order';

function gatewayCount(order: Order): number {
  return order.items.filter((item) => item.kind === 'gateway').reduce((sum, item) => sum + item.quantity, 0);
}

/** "os 10 gateways" / "o gateway". */
function theGateways(n: number): string {
  return n === 1 ? 'o gateway' : `os ${n} gateways`;
}

/** What happens next, by how the order is paid and where it stands. */
export function nextStepsText(order: Order): string {
  const n = gatewayCount(order);
  const { payment } = order;
  if (order.status === 'cancelado') return 'Este pedido foi cancelado.';
  if (order.status === 'aguardando-pagamento') {
    if (payment.confirmingSince !== null) {
      return `Estamos confirmando o pagamento com o banco.${n > 0 ? ` Assim que ele for confirmado, ${theGateways(n)} ${n === 1 ? 'aparece' : 'aparecem'} em Dispositivos com ${n === 1 ? 'seu código' : 'seus códigos'} de configuração.` : ''}`;
    }
    const how =
      payment.kind === 'boleto'
        ? `Pague com a linha digitável abaixo${payment.boletoDueAt ? ` até ${formatDate(payment.boletoDueAt)}` : ''}`
        : 'Pague com o código abaixo';
    return n > 0
      ? `${how}; assim que o pagamento for confirmado, ${theGateways(n)} ${n === 1 ? 'aparece' : 'aparecem'} em Dispositivos com ${n === 1 ? 'seu código' : 'seus códigos'} de configuração.`
      : `${how}; assim que o pagamento for confirmado, o pedido segue para separação.`;
  }
  const paid = payment.kind === 'cartao-credito' ? 'Pagamento aprovado' : 'Pagamento confirmado';
  if (n === 0) return `${paid}; o pedido segue para separação.`;
  return `${paid}; ${theGateways(n)} já ${n === 1 ? 'está' : 'estão'} em Dispositivos.`;
}

function ResultView({ order, fromOtherTab }: { order: Order; fromOtherTab: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const n = gatewayCount(order);
  const paid = order.status !== 'aguardando-pagamento' && order.status !== 'cancelado';
  return (
    <div className="max-w-4xl space-y-6">
      <section aria-labelledby="pedido-criado" className="rounded-lg border border-green-200 bg-green-50 p-5">
        <div className="flex gap-4">
          <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-green-700 text-white">
            <CheckIcon width={20} height={20} />
          </span>
          <div className="min-w-0 space-y-2">
            <h2
              id="pedido-criado"
              ref={heading}
              tabIndex={-1}
              className="rounded-sm text-xl font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
            >
              Pedido {orderLabel(order)} criado
            </h2>
            {fromOtherTab ? <p className="text-sm text-slate-700">Este pedido foi finalizado em outra aba deste navegador.</p> : null}
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              Status: <OrderStatusBadge status={order.status} /> · Total {formatBRL(order.total)}
            </p>
            <p className="text-base text-slate-900">{nextStepsText(order)}</p>
          </div>
        </div>
      </section>
      <PaymentInstructions order={order} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link to={portalPaths.order(order.id)} className={buttonClasses('primary')}>
          Ver pedido {orderLabel(order)}
        </Link>
        {paid && n > 0 ? (
          <Link to={portalPaths.devices} className={buttonClasses('secondary')}>
            Ir para Dispositivos
          </Link>
        ) : null}
        <Link to={portalPaths.orders} className={buttonClasses('secondary')}>
          Voltar para Pedidos
        </Link>
      </div>
    </div>
  );
}

/**
 * The result of "Finalizar pedido" (`/orders/checkout?pedido=<id>`): "Pedido #N criado", what happens next — for
 * Pix and boleto how to pay (the code, its QR, the line and due date) and that the gateways appear in Dispositivos
 * once it is paid; for a card, that it was approved and the gateways are already there — and the link to the order.
 */
export function CheckoutResult({ orderId, fromOtherTab }: { orderId: string; fromOtherTab: boolean }) {
  const query = useWatchedOrder(orderId);

  return (
    <DetailPage
      query={query}
      notFoundTitle="Pedido não encontrado"
      notFoundDescription="Ele pode pertencer a outra conta, ou o endereço está incorreto."
      backTo={{ href: portalPaths.orders, label: 'Voltar para Pedidos' }}
    >
      {(current: Order) => <ResultView order={current} fromOtherTab={fromOtherTab} />}
    </DetailPage>
  );
}
