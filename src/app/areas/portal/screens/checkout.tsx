import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function CheckoutScreen() {
  return (
    <UpcomingScreen
      line="Escolha a quantidade de gateways, o endereço de entrega e pague com Pix, boleto ou cartão."
    />
  );
}
