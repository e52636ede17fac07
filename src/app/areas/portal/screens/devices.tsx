import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function DevicesScreen() {
  return (
    <UpcomingScreen
      line="Acompanhe seus gateways: status online, último contato, firmware e a máquina em que cada um está instalado."
    />
  );
}
