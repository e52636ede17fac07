import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function PaymentMethodsScreen() {
  return <UpcomingScreen title="Métodos de Pagamento" line="Pix, boleto e cartão de crédito: habilite cada método, escolha a plataforma e o número máximo de parcelas." />;
}
