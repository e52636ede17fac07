import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function StartScreen() {
  return (
    <UpcomingScreen
      line="Comece por aqui: compre gateways, cadastre seus modelos de máquina e conecte a primeira máquina."
    />
  );
}
