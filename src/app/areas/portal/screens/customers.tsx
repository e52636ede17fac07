import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function CustomersScreen() {
  return (
    <UpcomingScreen
      title="Clientes"
      line="Cadastre as fábricas dos seus clientes, com CNPJ, contato e as máquinas instaladas em cada uma."
    />
  );
}
