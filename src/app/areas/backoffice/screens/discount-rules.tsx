import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function DiscountRulesScreen() {
  return <UpcomingScreen line="Descontos por quantidade e campanhas com período de validade, aplicados automaticamente no checkout." />;
}
