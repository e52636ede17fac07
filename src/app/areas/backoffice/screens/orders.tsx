import BackofficeOrdersListScreen from '@/features/backoffice-orders/screens/orders-list';
import { ORDER_VIEWS } from './order-views';

/** Ordens de Compra (`/backoffice-orders`). */
export default function OrdersScreen() {
  return <BackofficeOrdersListScreen views={ORDER_VIEWS} />;
}
