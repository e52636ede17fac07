import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function PaymentPlatformsScreen() {
  return <UpcomingScreen line="As integrações com os provedores de pagamento, em sandbox ou produção; chaves secretas nunca voltam a ser exibidas." />;
}
