import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function MachinesScreen() {
  return (
    <UpcomingScreen
      line="Cadastre as máquinas que você entrega aos seus clientes e acesse cada uma remotamente pela VPN."
    />
  );
}
