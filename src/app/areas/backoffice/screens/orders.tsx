import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function OrdersScreen() {
  return <UpcomingScreen line="Todas as ordens de compra das montadoras, com pagamento, separação, envio, rastreio e provisionamento dos gateways." />;
}
