import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function FirstStepsScreen() {
  return (
    <UpcomingScreen
      line="Passo a passo para ligar um gateway à sua máquina: do código de configuração ao teste de conexão, direto no navegador."
    />
  );
}
