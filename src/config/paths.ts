/** Route paths of the spec's route table, relative to each area's router basename. */
export const portalPaths = {
  dashboard: '/',
  login: '/login',
  register: '/register',
  firstSteps: '/first-steps',
  start: '/start',
  machines: '/machines',
  machineNew: '/machines/new',
  machine: (id: string) => `/machines/${encodeURIComponent(id)}`,
  machineEdit: (id: string) => `/machines/${encodeURIComponent(id)}/edit`,
  machineModels: '/machine-models',
  machineModelNew: '/machine-models/new',
  machineModel: (id: string) => `/machine-models/${encodeURIComponent(id)}`,
  machineModelEdit: (id: string) => `/machine-models/${encodeURIComponent(id)}/edit`,
  devices: '/devices',
  device: (id: string) => `/devices/${encodeURIComponent(id)}`,
  customers: '/customers',
  customerNew: '/customers/new',
  customer: (id: string) => `/customers/${encodeURIComponent(id)}`,
  customerEdit: (id: string) => `/customers/${encodeURIComponent(id)}/edit`,
  orders: '/orders/',
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  orderLabels: (id: string) => `/orders/${encodeURIComponent(id)}/labels`,
  checkout: '/orders/checkout',
  settings: '/settings/',
  addresses: '/settings/addresses',
  addressNew: '/settings/addresses/new',
  address: (id: string) => `/settings/addresses/${encodeURIComponent(id)}`,
  addressEdit: (id: string) => `/settings/addresses/${encodeURIComponent(id)}/edit`,
  team: '/settings/team',
  profile: '/profile',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  setup: (code: string) => `/setup/${encodeURIComponent(code)}`,
} as const;

/** Route patterns of the portal's paths with parameters (the functions above build the links). */
export const portalPatterns = {
  customer: '/customers/:id',
  customerEdit: '/customers/:id/edit',
  machine: '/machines/:id',
  machineEdit: '/machines/:id/edit',
  machineModel: '/machine-models/:id',
  machineModelEdit: '/machine-models/:id/edit',
  device: '/devices/:id',
  address: '/settings/addresses/:id',
  addressEdit: '/settings/addresses/:id/edit',
  order: '/orders/:id',
  orderLabels: '/orders/:id/labels',
  setup: '/setup/:code',
  invite: '/invite/:token',
} as const;

export const backofficePaths = {
  dashboard: '/',
  login: '/backoffice-login',
  orders: '/backoffice-orders',
  order: (id: string) => `/backoffice-orders/${encodeURIComponent(id)}`,
  /** A builder's page: its card above its orders. */
  assemblerOrders: (uid: string) => `/backoffice-orders?assembler=${encodeURIComponent(uid)}`,
  paymentMethods: '/backoffice-payment-method',
  paymentMethodNew: '/backoffice-payment-method/new',
  paymentMethod: (id: string) => `/backoffice-payment-method/${encodeURIComponent(id)}`,
  paymentMethodEdit: (id: string) => `/backoffice-payment-method/${encodeURIComponent(id)}/edit`,
  paymentPlatforms: '/backoffice-payment-platform',
  paymentPlatformNew: '/backoffice-payment-platform/new',
  paymentPlatform: (id: string) => `/backoffice-payment-platform/${encodeURIComponent(id)}`,
  paymentPlatformEdit: (id: string) => `/backoffice-payment-platform/${encodeURIComponent(id)}/edit`,
  vpnUsers: '/backoffice-vpn-user',
  discountRules: '/backoffice-discount-rule',
  discountRuleNew: '/backoffice-discount-rule/new',
  discountRule: (id: string) => `/backoffice-discount-rule/${encodeURIComponent(id)}`,
  discountRuleEdit: (id: string) => `/backoffice-discount-rule/${encodeURIComponent(id)}/edit`,
} as const;

/** Route patterns of the back office's paths with parameters (the functions above build the links). */
export const backofficePatterns = {
  order: '/backoffice-orders/:id',
  paymentMethod: '/backoffice-payment-method/:id',
  paymentMethodEdit: '/backoffice-payment-method/:id/edit',
  paymentPlatform: '/backoffice-payment-platform/:id',
  paymentPlatformEdit: '/backoffice-payment-platform/:id/edit',
  discountRule: '/backoffice-discount-rule/:id',
  discountRuleEdit: '/backoffice-discount-rule/:id/edit',
} as const;

export const landingPaths = {
  home: '/',
  landing: '/landing',
} as const;

export const LANDING_ANCHORS = ['benefits', 'features', 'testimonials', 'faq'] as const;
