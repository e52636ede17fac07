import BackofficeOrderDetailScreen from '@/features/backoffice-orders/screens/order-detail';
import { ORDER_VIEWS } from './order-views';

/** One order of any builder (`/backoffice-orders/:id`). */
export default function OrderDetailScreen() {
  return <BackofficeOrderDetailScreen views={ORDER_VIEWS} />;
}
