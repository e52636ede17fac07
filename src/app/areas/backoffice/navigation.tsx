import { BankIcon, CardIcon, DashboardIcon, PercentIcon, ReceiptIcon, ShieldIcon } from '@/components/ui/icons';
import { backofficePaths, backofficePatterns } from '@/config/paths';
import type { ScreenEntry, SidebarGroupDef } from '../../shared/screen-registry';

/**
 * The back office's screens, registered once (spec §2): routes, sidebar, breadcrumb, titles, the search box and
 * preloading derive from this list. Registration is not part of it.
 */
type BackofficeGroup = 'main';

export const BACKOFFICE_SIDEBAR_GROUPS: readonly SidebarGroupDef<BackofficeGroup>[] = [{ id: 'main' }];

export const BACKOFFICE_SCREENS: readonly ScreenEntry<BackofficeGroup>[] = [
  {
    id: 'login',
    path: backofficePaths.login,
    title: 'Entrar',
    light: true,
    identityOnInteraction: true,
    load: () => import('./screens/login'),
  },
  {
    id: 'dashboard',
    path: backofficePaths.dashboard,
    title: 'Dashboard',
    icon: DashboardIcon,
    sidebar: { group: 'main', end: true },
    keywords: ['inicio', 'resumo', 'visao geral'],
    load: () => import('@/features/backoffice-dashboard/screens/dashboard'),
  },
  {
    id: 'orders',
    path: backofficePaths.orders,
    title: 'Ordens de Compra',
    icon: ReceiptIcon,
    sidebar: { group: 'main' },
    keywords: ['pedidos', 'compras', 'ordens', 'rastreio', 'envio', 'montadoras', 'cnpj'],
    load: () => import('@/features/backoffice-orders/screens/orders-list'),
  },
  {
    id: 'order',
    path: backofficePatterns.order,
    title: 'Pedido',
    parent: 'orders',
    load: () => import('@/features/backoffice-orders/screens/order-detail'),
  },
  {
    id: 'payment-methods',
    path: backofficePaths.paymentMethods,
    title: 'Métodos de Pagamento',
    icon: CardIcon,
    sidebar: { group: 'main' },
    keywords: ['pix', 'boleto', 'cartao', 'parcelas'],
    load: () => import('@/features/backoffice-payments/screens/methods-list'),
  },
  {
    id: 'payment-method-new',
    path: backofficePaths.paymentMethodNew,
    title: 'Novo método',
    parent: 'payment-methods',
    load: () => import('@/features/backoffice-payments/screens/method-new'),
  },
  {
    id: 'payment-method',
    path: backofficePatterns.paymentMethod,
    title: 'Método de pagamento',
    parent: 'payment-methods',
    load: () => import('@/features/backoffice-payments/screens/method-detail'),
  },
  {
    id: 'payment-method-edit',
    path: backofficePatterns.paymentMethodEdit,
    title: 'Editar método',
    parent: 'payment-methods',
    load: () => import('@/features/backoffice-payments/screens/method-edit'),
  },
  {
    id: 'payment-platforms',
    path: backofficePaths.paymentPlatforms,
    title: 'Plat. de Pagamento',
    icon: BankIcon,
    sidebar: { group: 'main' },
    keywords: ['plataformas de pagamento', 'gateway', 'provedor', 'chaves'],
    load: () => import('@/features/backoffice-payments/screens/platforms-list'),
  },
  {
    id: 'payment-platform-new',
    path: backofficePaths.paymentPlatformNew,
    title: 'Nova plataforma',
    parent: 'payment-platforms',
    load: () => import('@/features/backoffice-payments/screens/platform-new'),
  },
  {
    id: 'payment-platform',
    path: backofficePatterns.paymentPlatform,
    title: 'Plataforma',
    parent: 'payment-platforms',
    load: () => import('@/features/backoffice-payments/screens/platform-detail'),
  },
  {
    id: 'payment-platform-edit',
    path: backofficePatterns.paymentPlatformEdit,
    title: 'Editar plataforma',
    parent: 'payment-platforms',
    load: () => import('@/features/backoffice-payments/screens/platform-edit'),
  },
  {
    id: 'vpn-users',
    path: backofficePaths.vpnUsers,
    title: 'VPN',
    icon: ShieldIcon,
    sidebar: { group: 'main' },
    keywords: ['usuarios', 'nos', 'rotas', 'acesso remoto', 'wireguard', 'expiracao'],
    load: () => import('@/features/backoffice-vpn/screens/vpn'),
  },
  {
    id: 'discount-rules',
    path: backofficePaths.discountRules,
    title: 'Regras de Desconto',
    icon: PercentIcon,
    sidebar: { group: 'main' },
    keywords: ['descontos', 'promocao', 'cupom', 'quantidade', 'faixas'],
    load: () => import('@/features/backoffice-discounts/screens/rules-list'),
  },
  {
    id: 'discount-rule-new',
    path: backofficePaths.discountRuleNew,
    title: 'Nova regra',
    parent: 'discount-rules',
    load: () => import('@/features/backoffice-discounts/screens/rule-new'),
  },
  {
    id: 'discount-rule',
    path: backofficePatterns.discountRule,
    title: 'Regra de desconto',
    parent: 'discount-rules',
    load: () => import('@/features/backoffice-discounts/screens/rule-detail'),
  },
  {
    id: 'discount-rule-edit',
    path: backofficePatterns.discountRuleEdit,
    title: 'Editar regra',
    parent: 'discount-rules',
    load: () => import('@/features/backoffice-discounts/screens/rule-edit'),
  },
];
