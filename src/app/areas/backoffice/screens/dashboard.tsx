import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function DashboardScreen() {
  return <UpcomingScreen line="Visão geral da operação: pedidos aguardando pagamento, faturamento do mês, gateways provisionados e acessos VPN a vencer." />;
}
