import { BoxesIcon, CartIcon, DashboardIcon, FactoryIcon, PlugIcon, RouterIcon, UsersIcon } from '@/components/ui/icons';
import { portalPaths, portalPatterns } from '@/config/paths';
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
  { id: 'login', path: portalPaths.login, title: 'Entrar', light: true, load: () => import('./screens/login') },
  { id: 'register', path: portalPaths.register, title: 'Criar conta', light: true, load: () => import('./screens/register') },
  {
    id: 'dashboard',
    path: portalPaths.dashboard,
    title: 'Dashboard',
    icon: DashboardIcon,
    sidebar: { group: 'main', end: true },
    load: () => import('@/features/fleet/dashboard/screens/dashboard'),
  },
  {
    id: 'customers',
    path: portalPaths.customers,
    title: 'Clientes',
    icon: UsersIcon,
    sidebar: { group: 'main' },
    load: () => import('@/features/customers/screens/customers-list'),
  },
  {
    id: 'customer-new',
    path: portalPaths.customerNew,
    title: 'Novo cliente',
    parent: 'customers',
    load: () => import('@/features/customers/screens/customer-new'),
  },
  {
    id: 'customer',
    path: portalPatterns.customer,
    title: 'Cliente',
    parent: 'customers',
    load: () => import('@/features/customers/screens/customer-detail'),
  },
  {
    id: 'customer-edit',
    path: portalPatterns.customerEdit,
    title: 'Editar cliente',
    parent: 'customers',
    load: () => import('@/features/customers/screens/customer-edit'),
  },
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
  {
    id: 'machines',
    path: portalPaths.machines,
    title: 'Máquinas',
    icon: FactoryIcon,
    sidebar: { group: 'main' },
    load: () => import('@/features/fleet/machines/screens/machines'),
  },
  {
    id: 'machine-new',
    path: portalPaths.machineNew,
    title: 'Nova máquina',
    parent: 'machines',
    load: () => import('@/features/fleet/machines/screens/machine-new'),
  },
  {
    id: 'machine',
    path: portalPatterns.machine,
    title: 'Máquina',
    parent: 'machines',
    load: () => import('@/features/fleet/machines/screens/machine-detail'),
  },
  {
    id: 'machine-edit',
    path: portalPatterns.machineEdit,
    title: 'Editar máquina',
    parent: 'machines',
    load: () => import('@/features/fleet/machines/screens/machine-edit'),
  },
  {
    id: 'machine-models',
    path: portalPaths.machineModels,
    title: 'Modelos de Máquinas',
    icon: BoxesIcon,
    sidebar: { group: 'main' },
    load: () => import('@/features/fleet/machine-models/screens/list'),
  },
  {
    id: 'machine-model-new',
    path: portalPaths.machineModelNew,
    title: 'Novo modelo',
    parent: 'machine-models',
    load: () => import('@/features/fleet/machine-models/screens/new'),
  },
  {
    id: 'machine-model',
    path: portalPatterns.machineModel,
    title: 'Modelo',
    parent: 'machine-models',
    load: () => import('@/features/fleet/machine-models/screens/detail'),
  },
  {
    id: 'machine-model-edit',
    path: portalPatterns.machineModelEdit,
    title: 'Editar modelo',
    parent: 'machine-models',
    load: () => import('@/features/fleet/machine-models/screens/edit'),
  },
  {
    id: 'first-steps',
    path: portalPaths.firstSteps,
    title: 'Configurar Conexão',
    icon: PlugIcon,
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
  {
    id: 'addresses',
    path: portalPaths.addresses,
    title: 'Meus Endereços',
    load: () => import('@/features/addresses/screens/addresses-list'),
  },
  {
    id: 'address-new',
    path: portalPaths.addressNew,
    title: 'Novo endereço',
    parent: 'addresses',
    load: () => import('@/features/addresses/screens/address-new'),
  },
  {
    id: 'address',
    path: portalPatterns.address,
    title: 'Endereço',
    parent: 'addresses',
    load: () => import('@/features/addresses/screens/address-detail'),
  },
  {
    id: 'address-edit',
    path: portalPatterns.addressEdit,
    title: 'Editar endereço',
    parent: 'addresses',
    load: () => import('@/features/addresses/screens/address-edit'),
  },
  { id: 'profile', path: portalPaths.profile, title: 'Perfil', load: () => import('./screens/profile') },
  {
    id: 'setup',
    path: portalPatterns.setup,
    title: 'Configurar dispositivo',
    load: () => import('@/features/fleet/devices/screens/setup'),
  },
];
