import { useEffect, useRef, useState } from 'react';
import { orderLabel, type Order } from '@/contracts/order';
import { toast } from '@/components/ui/toast';
import { useAppDispatch } from '@/lib/redux';
import { ordersApi, ordersPaidTags, useGetOrderQuery } from './api';

/** While the platform confirms a Pix or boleto payment, the order is asked again this often. */
const CONFIRMING_POLL_MS = 2000;

/**
 * One order, watched while a page shows it (the order's page, the checkout's result): asked again every
 * `CONFIRMING_POLL_MS` while its payment is being confirmed, and when it turns paid while on screen, "Pagamento
 * confirmado" is said and what its gateways change elsewhere (Dispositivos, the dashboard) is refreshed.
 */
export function useWatchedOrder(id: string, options: { refetchOnMountOrArgChange?: number } = {}) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const query = useGetOrderQuery(id, { ...options, pollingInterval: confirming ? CONFIRMING_POLL_MS : 0 });
  const order = query.currentData;
  const nowConfirming = order?.status === 'aguardando-pagamento' && order.payment.confirmingSince !== null;
  if (nowConfirming !== confirming) setConfirming(nowConfirming);

  const previous = useRef<{ id: string; status: Order['status'] } | null>(null);
  useEffect(() => {
    if (!order) return;
    const before = previous.current;
    previous.current = { id: order.id, status: order.status };
    if (before?.id === order.id && before.status === 'aguardando-pagamento' && order.status === 'pago') {
      toast.success(`Pagamento confirmado: o pedido ${orderLabel(order)} está pago.`);
      dispatch(ordersApi.util.invalidateTags(ordersPaidTags));
    }
  }, [order, dispatch]);

  return query;
}
