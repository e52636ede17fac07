import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function OrdersScreen() {
  return (
    <UpcomingScreen
      subtitle="Gerencie seus pedidos"
      line="Acompanhe seus pedidos de gateways, do pagamento à entrega e ao provisionamento de cada dispositivo."
    />
  );
}
