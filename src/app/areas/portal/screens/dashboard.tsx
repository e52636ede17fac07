import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function DashboardScreen() {
  return (
    <UpcomingScreen
      line="Aqui você verá o resumo da sua frota: gateways online, máquinas conectadas, acessos recentes e pedidos em andamento."
    />
  );
}
