import { NEWSLETTER_LINKS } from '@/contracts/newsletter-links';
import { FACTORY_APPROVAL_LINK, factoryApprovalLink } from '@/contracts/factory-approval-link';
import { resourcePaths } from './resource-paths';

/**
 * The portal's CRUD resources, one line each (src/config/resource-paths.ts): list, new, a record, its edit form and
 * their route patterns, spread below under the names the callers use. The registry builds their screens from them.
 */
export const portalResources = {
  machines: resourcePaths('/machines', 'machine', 'machines'),
  machineModels: resourcePaths('/machine-models', 'machineModel', 'machineModels'),
  customers: resourcePaths('/customers', 'customer', 'customers'),
  addresses: resourcePaths('/settings/addresses', 'address', 'addresses'),
} as const;

/** Route paths of the spec's route table, relative to each area's router basename. */
export const portalPaths = {
  dashboard: '/',
  login: '/login',
  register: '/register',
  firstSteps: '/first-steps',
  start: '/start',
  ...portalResources.machines.paths,
  ...portalResources.machineModels.paths,
  devices: '/devices',
  /** "Acesso Remoto": Ativos, Solicitações, Histórico (issue 25); `?tab=` picks one. */
  remoteAccess: '/remote-access',
  device: (id: string) => `/devices/${encodeURIComponent(id)}`,
  ...portalResources.customers.paths,
  orders: '/orders/',
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  orderLabels: (id: string) => `/orders/${encodeURIComponent(id)}/labels`,
  checkout: '/orders/checkout',
  settings: '/settings/',
  ...portalResources.addresses.paths,
  team: '/settings/team',
  /** Configurações → "Alertas" (issue 37): one rule per event. */
  alerts: '/settings/alerts',
  /** Configurações → "Registro de auditoria" (issue 37): who changed what (Administrador and Leitura). */
  audit: '/settings/audit',
  /** Configurações → "Webhooks" (issue 37): signed webhooks (Administrador edits, Leitura reads). */
  webhooks: '/settings/webhooks',
  /** Demo mode only: what the demo's own webhook receiver got. */
  demoWebhooks: '/settings/webhooks/demo',
  profile: '/profile',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  /** The factory's approval of a remote access (the link e-mailed to the customer; contracts/factory-approval.ts). */
  factoryApproval: (token: string) => factoryApprovalLink(token),
  setup: (code: string) => `/setup/${encodeURIComponent(code)}`,
} as const;

/** Route patterns of the portal's paths with parameters (the functions above build the links). */
export const portalPatterns = {
  ...portalResources.customers.patterns,
  ...portalResources.machines.patterns,
  ...portalResources.machineModels.patterns,
  device: '/devices/:id',
  ...portalResources.addresses.patterns,
  order: '/orders/:id',
  orderLabels: '/orders/:id/labels',
  setup: '/setup/:code',
  invite: '/invite/:token',
  factoryApproval: `${FACTORY_APPROVAL_LINK}/:token`,
} as const;

/** The back office's CRUD resources, one line each (see portalResources). */
export const backofficeResources = {
  paymentMethods: resourcePaths('/backoffice-payment-method', 'paymentMethod', 'paymentMethods'),
  paymentPlatforms: resourcePaths('/backoffice-payment-platform', 'paymentPlatform', 'paymentPlatforms'),
  discountRules: resourcePaths('/backoffice-discount-rule', 'discountRule', 'discountRules'),
  /** "Catálogo" (issue 38): the products the portal sells. */
  catalogProducts: resourcePaths('/backoffice-catalog', 'catalogProduct', 'catalogProducts'),
} as const;

export const backofficePaths = {
  dashboard: '/',
  login: '/backoffice-login',
  orders: '/backoffice-orders',
  order: (id: string) => `/backoffice-orders/${encodeURIComponent(id)}`,
  /** A builder's page: its card above its orders. */
  assemblerOrders: (uid: string) => `/backoffice-orders?assembler=${encodeURIComponent(uid)}`,
  ...backofficeResources.paymentMethods.paths,
  ...backofficeResources.paymentPlatforms.paths,
  ...backofficeResources.catalogProducts.paths,
  vpnUsers: '/backoffice-vpn-user',
  ...backofficeResources.discountRules.paths,
  /** "Auditoria" (issue 37): every account's audit log. */
  auditLog: '/backoffice-audit-log',
  mail: '/backoffice-mail',
  /** "Equipe interna" (issue 38): who has the back office (Firebase's `admin` claim). */
  staff: '/backoffice-staff',
} as const;

/** Route patterns of the back office's paths with parameters (the functions above build the links). */
export const backofficePatterns = {
  order: '/backoffice-orders/:id',
  ...backofficeResources.paymentMethods.patterns,
  ...backofficeResources.paymentPlatforms.patterns,
  ...backofficeResources.discountRules.patterns,
  ...backofficeResources.catalogProducts.patterns,
} as const;

export const landingPaths = {
  home: '/',
  landing: '/landing',
  privacy: '/privacidade',
  terms: '/termos',
  /** The newsletter's e-mail links (contracts/newsletter.ts builds them on the server too): the token is a secret. */
  newsletterConfirm: (token: string) => `${NEWSLETTER_LINKS.confirm}/${encodeURIComponent(token)}`,
  newsletterCancel: (token: string) => `${NEWSLETTER_LINKS.cancel}/${encodeURIComponent(token)}`,
} as const;

/** Route patterns of the landing's paths with parameters (both in config/secret-routes.ts). */
export const landingPatterns = {
  newsletterConfirm: `${NEWSLETTER_LINKS.confirm}/:token`,
  newsletterCancel: `${NEWSLETTER_LINKS.cancel}/:token`,
} as const;

export const LANDING_ANCHORS = ['benefits', 'features', 'testimonials', 'faq'] as const;
