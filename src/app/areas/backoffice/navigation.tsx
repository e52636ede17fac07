import { BankIcon, CardIcon, DashboardIcon, ReceiptIcon, ShieldIcon } from '@/components/ui/icons';
import { backofficePaths } from '@/config/paths';
import type { ScreenEntry, SidebarGroupDef } from '../../shared/screen-registry';

/**
 * The back office's screens, registered once (spec §2): routes, sidebar, breadcrumb, titles, the search box and
 * preloading derive from this list. Registration is not part of it.
 */
type BackofficeGroup = 'main';

export const BACKOFFICE_SIDEBAR_GROUPS: readonly SidebarGroupDef<BackofficeGroup>[] = [{ id: 'main' }];

export const BACKOFFICE_SCREENS: readonly ScreenEntry<BackofficeGroup>[] = [
  { id: 'login', path: backofficePaths.login, title: 'Entrar', light: true, load: () => import('./screens/login') },
  {
    id: 'dashboard',
    path: backofficePaths.dashboard,
    title: 'Dashboard',
    icon: DashboardIcon,
    sidebar: { group: 'main', end: true },
    keywords: ['inicio', 'resumo', 'visao geral'],
    load: () => import('./screens/dashboard'),
  },
  {
    id: 'orders',
    path: backofficePaths.orders,
    title: 'Ordens de Compra',
    icon: ReceiptIcon,
    sidebar: { group: 'main' },
    keywords: ['pedidos', 'compras', 'ordens', 'rastreio', 'envio'],
    load: () => import('./screens/orders'),
  },
  {
    id: 'payment-methods',
    path: backofficePaths.paymentMethods,
    title: 'Métodos de Pagamento',
    icon: CardIcon,
    sidebar: { group: 'main' },
    keywords: ['pix', 'boleto', 'cartao', 'parcelas'],
    load: () => import('./screens/payment-methods'),
  },
  {
    id: 'payment-platforms',
    path: backofficePaths.paymentPlatforms,
    title: 'Plataformas de Pagamento',
    icon: BankIcon,
    sidebar: { group: 'main', label: 'Plat. de Pagamento' },
    keywords: ['gateway', 'provedor', 'chaves'],
    load: () => import('./screens/payment-platforms'),
  },
  {
    id: 'vpn-users',
    path: backofficePaths.vpnUsers,
    title: 'VPN',
    icon: ShieldIcon,
    sidebar: { group: 'main' },
    keywords: ['usuarios', 'nos', 'rotas', 'acesso remoto'],
    load: () => import('./screens/vpn-users'),
  },
  {
    id: 'discount-rules',
    path: backofficePaths.discountRules,
    title: 'Regras de Desconto',
    keywords: ['descontos', 'promocao', 'cupom'],
    load: () => import('./screens/discount-rules'),
  },
];
