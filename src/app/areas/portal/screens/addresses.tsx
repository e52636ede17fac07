import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function AddressesScreen() {
  return (
    <UpcomingScreen
      line="Cadastre os endereços de entrega da sua empresa, com busca por CEP e um endereço padrão."
    />
  );
}
