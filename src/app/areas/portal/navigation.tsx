import { BoxesIcon, CartIcon, DashboardIcon, FactoryIcon, PlugIcon, RouterIcon, ShieldIcon, UsersIcon } from '@/components/ui/icons';
import { portalPaths, portalPatterns, portalResources } from '@/config/paths';
import { crudScreens } from '../../shared/crud-screens';
import type { ScreenEntry, SidebarGroupDef } from '../../shared/screen-registry';

/**
 * The portal's screens, registered once (spec §2): routes, sidebar, breadcrumb, titles and preloading derive from
 * this list. Sidebar entries appear in this order within their group.
 */
type PortalGroup = 'main' | 'first-steps';

export const PORTAL_SIDEBAR_GROUPS: readonly SidebarGroupDef<PortalGroup>[] = [
  { id: 'main' },
  { id: 'first-steps', label: 'Primeiros passos' },
];

export const PORTAL_SCREENS: readonly ScreenEntry<PortalGroup>[] = [
  { id: 'login', path: portalPaths.login, title: 'Entrar', light: true, identityOnInteraction: true, load: () => import('./screens/login') },
  {
    id: 'register',
    path: portalPaths.register,
    title: 'Criar conta',
    light: true,
    identityOnInteraction: true,
    load: () => import('./screens/register'),
  },
  // An invitation's link: shown before sign-in too (the invitee may have no account yet).
  { id: 'invite', path: portalPatterns.invite, title: 'Convite', light: true, load: () => import('./screens/invite') },
  // The factory's approval link (e-mailed to a customer): no sign-in, outside the shell.
  {
    id: 'factory-approval',
    path: portalPatterns.factoryApproval,
    title: 'Aprovação de acesso remoto',
    light: true,
    load: () => import('./screens/factory-approval'),
  },
  {
    id: 'dashboard',
    path: portalPaths.dashboard,
    title: 'Dashboard',
    icon: DashboardIcon,
    sidebar: { group: 'main', end: true },
    // With its "Acesso remoto" panel (features/remote-access), composed in the app.
    load: () => import('./screens/dashboard'),
  },
  ...crudScreens<PortalGroup>(portalResources.customers, {
    ids: ['customers', 'customer'],
    need: 'edit',
    list: {
      title: 'Clientes',
      icon: UsersIcon,
      sidebar: { group: 'main' },
      load: () => import('@/features/customers/screens/customers-list'),
    },
    new: { title: 'Novo cliente', load: () => import('@/features/customers/screens/customer-new') },
    one: { title: 'Cliente', load: () => import('@/features/customers/screens/customer-detail') },
    edit: { title: 'Editar cliente', load: () => import('@/features/customers/screens/customer-edit') },
  }),
  {
    id: 'devices',
    path: portalPaths.devices,
    title: 'Dispositivos',
    icon: RouterIcon,
    sidebar: { group: 'main' },
    load: () => import('@/features/fleet/devices/screens/devices-list'),
  },
  {
    id: 'device',
    path: portalPatterns.device,
    title: 'Dispositivo',
    parent: 'devices',
    load: () => import('@/features/fleet/devices/screens/device-detail'),
  },
  ...crudScreens<PortalGroup>(portalResources.machines, {
    ids: ['machines', 'machine'],
    need: 'edit',
    list: {
      title: 'Máquinas',
      icon: FactoryIcon,
      sidebar: { group: 'main' },
      load: () => import('@/features/fleet/machines/screens/machines'),
    },
    new: { title: 'Nova máquina', load: () => import('@/features/fleet/machines/screens/machine-new') },
    // With its "Acesso remoto" section (features/remote-access), composed in the app.
    one: { title: 'Máquina', load: () => import('./screens/machine-detail') },
    edit: { title: 'Editar máquina', load: () => import('@/features/fleet/machines/screens/machine-edit') },
  }),
  ...crudScreens<PortalGroup>(portalResources.machineModels, {
    ids: ['machine-models', 'machine-model'],
    need: 'edit',
    list: {
      title: 'Modelos de Máquinas',
      icon: BoxesIcon,
      sidebar: { group: 'main' },
      load: () => import('@/features/fleet/machine-models/screens/list'),
    },
    new: { title: 'Novo modelo', load: () => import('@/features/fleet/machine-models/screens/new') },
    one: { title: 'Modelo', load: () => import('@/features/fleet/machine-models/screens/detail') },
    edit: { title: 'Editar modelo', load: () => import('@/features/fleet/machine-models/screens/edit') },
  }),
  {
    id: 'remote-access',
    path: portalPaths.remoteAccess,
    title: 'Acesso Remoto',
    icon: ShieldIcon,
    keywords: ['vpn', 'wireguard', 'conectar', 'sessões', 'solicitações', 'aprovação'],
    sidebar: { group: 'main' },
    load: () => import('./screens/remote-access'),
  },
  {
    id: 'first-steps',
    path: portalPaths.firstSteps,
    title: 'Configurar Conexão',
    icon: PlugIcon,
    // Its steps register a gateway and attach it to a machine: a change (Leitura is told so instead).
    need: 'edit',
    sidebar: { group: 'first-steps' },
    load: () => import('@/features/fleet/first-steps/screens/first-steps'),
  },
  {
    id: 'orders',
    path: portalPaths.orders,
    title: 'Pedidos',
    icon: CartIcon,
    sidebar: { group: 'first-steps', highlight: true },
    load: () => import('@/features/orders/screens/orders-list'),
  },
  {
    id: 'checkout',
    path: portalPaths.checkout,
    title: 'Checkout',
    need: 'purchase',
    backTo: 'orders',
    load: () => import('./screens/checkout/checkout-screen'),
  },
  {
    id: 'order',
    path: portalPatterns.order,
    title: 'Pedido',
    parent: 'orders',
    load: () => import('@/features/orders/screens/order-detail'),
  },
  {
    id: 'order-labels',
    path: portalPatterns.orderLabels,
    title: 'Etiquetas do pedido',
    parent: 'order',
    load: () => import('@/features/orders/screens/order-labels'),
  },
  { id: 'start', path: portalPaths.start, title: 'Início', load: () => import('@/features/fleet/dashboard/screens/start') },
  { id: 'settings', path: portalPaths.settings, title: 'Configurações', load: () => import('./screens/settings') },
  ...crudScreens<PortalGroup>(portalResources.addresses, {
    ids: ['addresses', 'address'],
    need: 'purchase',
    list: {
      title: 'Meus Endereços',
      load: () => import('@/features/addresses/screens/addresses-list'),
    },
    new: { title: 'Novo endereço', load: () => import('@/features/addresses/screens/address-new') },
    one: { title: 'Endereço', load: () => import('@/features/addresses/screens/address-detail') },
    edit: { title: 'Editar endereço', load: () => import('@/features/addresses/screens/address-edit') },
  }),
  {
    id: 'team',
    path: portalPaths.team,
    title: 'Equipe',
    keywords: ['usuários', 'convites', 'perfis', 'permissões'],
    load: () => import('@/features/team/screens/team'),
  },
  {
    id: 'alerts',
    path: portalPaths.alerts,
    title: 'Alertas',
    parent: 'settings',
    keywords: ['notificações', 'avisos', 'e-mail', 'gateway offline'],
    // Every role sees the rules; only an Administrador changes them (the screen says why to the others).
    load: () => import('@/features/alerts/screens/alert-rules'),
  },
  {
    id: 'audit-log',
    path: portalPaths.audit,
    title: 'Registro de auditoria',
    parent: 'settings',
    keywords: ['auditoria', 'histórico de alterações', 'quem mudou', 'log'],
    // Administrador and Leitura (the API refuses a Técnico; the screen says so).
    load: () => import('@/features/audit-log/screens/audit-log'),
  },
  {
    id: 'webhooks',
    path: portalPaths.webhooks,
    title: 'Webhooks',
    parent: 'settings',
    keywords: ['integração', 'eventos', 'assinatura', 'HMAC', 'notificações'],
    // Administrador edits, Leitura reads (the API refuses a Técnico; the screen says so).
    load: () => import('@/features/webhooks/screens/webhooks'),
  },
  {
    id: 'demo-webhooks',
    path: portalPaths.demoWebhooks,
    title: 'Webhooks recebidos (demonstração)',
    parent: 'webhooks',
    // Demo mode only: the API answers 404 elsewhere (the screen says so).
    load: () => import('@/features/webhooks/screens/demo-webhooks'),
  },
  { id: 'profile', path: portalPaths.profile, title: 'Perfil', load: () => import('./screens/profile') },
  {
    id: 'setup',
    path: portalPatterns.setup,
    title: 'Configurar dispositivo',
    load: () => import('@/features/fleet/devices/screens/setup'),
  },
];
