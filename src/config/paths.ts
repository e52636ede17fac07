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
  checkout: '/orders/checkout',
  settings: '/settings/',
  addresses: '/settings/addresses',
  profile: '/profile',
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
  setup: '/setup/:code',
} as const;

export const backofficePaths = {
  dashboard: '/',
  login: '/backoffice-login',
  orders: '/backoffice-orders',
  paymentMethods: '/backoffice-payment-method',
  paymentPlatforms: '/backoffice-payment-platform',
  vpnUsers: '/backoffice-vpn-user',
  discountRules: '/backoffice-discount-rule',
} as const;

export const landingPaths = {
  home: '/',
  landing: '/landing',
} as const;

export const LANDING_ANCHORS = ['benefits', 'features', 'testimonials', 'faq'] as const;
