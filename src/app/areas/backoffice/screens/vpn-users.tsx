import { UpcomingScreen } from '../../../shared/upcoming-screen';

export default function VpnUsersScreen() {
  return <UpcomingScreen line="Usuários, nós e rotas da VPN, com acesso por tempo limitado e as máquinas que cada usuário pode alcançar." />;
}
