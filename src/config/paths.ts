/** Route paths of the spec's route table, relative to each area's router basename. */
export const portalPaths = {
  dashboard: '/',
  login: '/login',
  register: '/register',
  firstSteps: '/first-steps',
  start: '/start',
  machines: '/machines',
  machineModels: '/machine-models',
  devices: '/devices',
  customers: '/customers',
  orders: '/orders/',
  checkout: '/orders/checkout',
  settings: '/settings/',
  addresses: '/settings/addresses',
  profile: '/profile',
  setup: (code: string) => `/setup/${encodeURIComponent(code)}`,
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
