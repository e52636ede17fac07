import { BankIcon, BoxesIcon, CardIcon, DashboardIcon, MailIcon, PercentIcon, ReceiptIcon, ShieldIcon, TeamIcon } from '@/components/ui/icons';
import { backofficePaths, backofficePatterns, backofficeResources } from '@/config/paths';
import { crudScreens } from '../../shared/crud-screens';
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
  ...crudScreens<BackofficeGroup>(backofficeResources.paymentMethods, {
    ids: ['payment-methods', 'payment-method'],
    list: {
      title: 'Métodos de Pagamento',
      icon: CardIcon,
      sidebar: { group: 'main' },
      keywords: ['pix', 'boleto', 'cartao', 'parcelas'],
      load: () => import('@/features/backoffice-payments/screens/methods-list'),
    },
    new: { title: 'Novo método', load: () => import('@/features/backoffice-payments/screens/method-new') },
    one: { title: 'Método de pagamento', load: () => import('@/features/backoffice-payments/screens/method-detail') },
    edit: { title: 'Editar método', load: () => import('@/features/backoffice-payments/screens/method-edit') },
  }),
  ...crudScreens<BackofficeGroup>(backofficeResources.paymentPlatforms, {
    ids: ['payment-platforms', 'payment-platform'],
    list: {
      title: 'Plat. de Pagamento',
      icon: BankIcon,
      sidebar: { group: 'main' },
      keywords: ['plataformas de pagamento', 'gateway', 'provedor', 'chaves'],
      load: () => import('@/features/backoffice-payments/screens/platforms-list'),
    },
    new: { title: 'Nova plataforma', load: () => import('@/features/backoffice-payments/screens/platform-new') },
    one: { title: 'Plataforma', load: () => import('@/features/backoffice-payments/screens/platform-detail') },
    edit: { title: 'Editar plataforma', load: () => import('@/features/backoffice-payments/screens/platform-edit') },
  }),
  ...crudScreens<BackofficeGroup>(backofficeResources.catalogProducts, {
    ids: ['catalog-products', 'catalog-product'],
    list: {
      title: 'Catálogo',
      icon: BoxesIcon,
      sidebar: { group: 'main' },
      keywords: ['produtos', 'gateways', 'planos', 'conectividade', 'precos', 'sku'],
      load: () => import('@/features/backoffice-catalog/screens/products-list'),
    },
    new: { title: 'Novo produto', load: () => import('@/features/backoffice-catalog/screens/product-new') },
    one: { title: 'Produto', load: () => import('@/features/backoffice-catalog/screens/product-detail') },
    edit: { title: 'Editar produto', load: () => import('@/features/backoffice-catalog/screens/product-edit') },
  }),
  {
    id: 'vpn-users',
    path: backofficePaths.vpnUsers,
    title: 'VPN',
    icon: ShieldIcon,
    sidebar: { group: 'main' },
    keywords: ['usuarios', 'nos', 'rotas', 'acesso remoto', 'wireguard', 'expiracao'],
    load: () => import('@/features/backoffice-vpn/screens/vpn'),
  },
  ...crudScreens<BackofficeGroup>(backofficeResources.discountRules, {
    ids: ['discount-rules', 'discount-rule'],
    list: {
      title: 'Regras de Desconto',
      icon: PercentIcon,
      sidebar: { group: 'main' },
      keywords: ['descontos', 'promocao', 'cupom', 'quantidade', 'faixas'],
      load: () => import('@/features/backoffice-discounts/screens/rules-list'),
    },
    new: { title: 'Nova regra', load: () => import('@/features/backoffice-discounts/screens/rule-new') },
    one: { title: 'Regra de desconto', load: () => import('@/features/backoffice-discounts/screens/rule-detail') },
    edit: { title: 'Editar regra', load: () => import('@/features/backoffice-discounts/screens/rule-edit') },
  }),
  {
    id: 'audit-log',
    path: backofficePaths.auditLog,
    title: 'Auditoria',
    icon: ShieldIcon,
    sidebar: { group: 'main' },
    keywords: ['registro de auditoria', 'alteracoes', 'quem mudou', 'log'],
    load: () => import('@/features/audit-log/screens/backoffice-audit-log'),
  },
  {
    id: 'mail',
    path: backofficePaths.mail,
    title: 'E-mails',
    icon: MailIcon,
    sidebar: { group: 'main' },
    keywords: ['email', 'fila', 'envio', 'entrega', 'falhou', 'convites', 'alertas'],
    load: () => import('@/features/backoffice-mail/screens/mail-list'),
  },
  {
    id: 'staff',
    path: backofficePaths.staff,
    title: 'Equipe interna',
    icon: TeamIcon,
    sidebar: { group: 'main' },
    keywords: ['equipe', 'staff', 'administradores', 'acesso', 'conceder', 'revogar', 'permissoes'],
    load: () => import('@/features/backoffice-staff/screens/staff-list'),
  },
];
