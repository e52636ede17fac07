import { ORDER_FLOW, ORDER_STATUS_LABELS, type Order, type OrderActor } from '@/contracts/order';
import { Timeline, type TimelineItem } from '@/components/ui/timeline';

function actorText(actor: OrderActor): string {
  switch (actor.kind) {
    case 'cliente':
      return `por ${actor.name}`;
    case 'equipe':
      return `por ${actor.name} (equipe Ponte IIoT)`;
    case 'sistema':
      return actor.name;
  }
}

/**
 * The order's history, oldest first (each step with its pt-BR date and hour and who moved it), then, dashed, the
 * steps still to come while it is open.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const past: TimelineItem[] = order.timeline.map((entry, index) => {
    const last = index === order.timeline.length - 1;
    return {
      id: `${index}-${entry.status}`,
      title: ORDER_STATUS_LABELS[entry.status],
      at: entry.at,
      actor: actorText(entry.actor),
      description: entry.status === 'cancelado' && entry.note ? `Motivo: ${entry.note}` : entry.note,
      tone: entry.status === 'cancelado' ? 'danger' : last && order.status !== 'entregue' ? 'current' : 'done',
    };
  });
  const reached = ORDER_FLOW.indexOf(order.status);
  const next: TimelineItem[] =
    order.status === 'cancelado' || reached < 0
      ? []
      : ORDER_FLOW.slice(reached + 1).map((status) => ({ id: `next-${status}`, title: ORDER_STATUS_LABELS[status], at: null, tone: 'pending' }));
  return <Timeline label={`Andamento do pedido #${order.number}`} items={[...past, ...next]} />;
}
