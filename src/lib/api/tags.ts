/** Every kind of data the two backends handle, as RTK Query tag types. */
export const MAIN_TAG_TYPES = [
  'assembler',
  'me',
  'device',
  'customer',
  'machine',
  'machine-model',
  'user',
  'address',
  'order',
  'payment-method',
  'discount-rule',
  /** The back office's catalog (issue 38): products staff create, edit and deactivate. */
  'product',
  'notification',
  'payment-platform',
  'device-connection',
  'auth-download',
  /** Main-API data about VPN access (the back-office dashboard's counts): VPN-user changes on the VPN API invalidate it. */
  'vpn',
  /** The account's members and invitations (Equipe), and the signed-in person's role. */
  'team',
  /** Remote access (issue 25): sessions, requests, their events and the account's policy. */
  'remote-access',
  /** Alerts (issue 37): the account's rules (Configurações → "Alertas"). */
  'alert-rule',
  /** The signed-in person's notifications in the portal (the header's bell). */
  'portal-notification',
  /** The audit log (issue 37): Configurações → "Registro de auditoria" and the back office's "Auditoria". */
  'audit-log',
  /** Every e-mail and where its delivery stands (issue 37): the back office's "E-mails". */
  'mail',
  /** Signed webhooks (issue 37): Configurações → "Webhooks", each endpoint's delivery log, the demo's receiver. */
  'webhook',
  /** The Ponte team (issue 38): the back office's "Equipe interna". */
  'staff',
] as const;

export const VPN_TAG_TYPES = ['vpn', 'vpn-user', 'vpn-node', 'vpn-route', 'vpn-hub'] as const;

export type MainTag = (typeof MAIN_TAG_TYPES)[number];
export type VpnTag = (typeof VPN_TAG_TYPES)[number];
