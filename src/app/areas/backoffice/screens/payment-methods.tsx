import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function PaymentMethodsScreen() {
  return <UpcomingScreen line="Pix, boleto e cartão de crédito: habilite cada método, escolha a plataforma e o número máximo de parcelas." />;
}
