/**
 * Every route of the main Worker with who may call it (src/server/shared/access.ts), walked with each role and
 * with another builder's ids on the demo seed (src/server/testing/access-walk.ts). A new route fails the listing
 * until it is added here.
 */
import { beforeAll, describe, it } from 'vitest';
import { env } from 'cloudflare:test';
import { checkListing, arrangeSeed, MARIA, walkRoute, type RouteTable } from '../testing/access-walk';
import { app } from './index';

const customer = { name: 'Metalúrgica Walk', cnpj: '11.222.333/0001-81' };

/** The seed has no remote-access session: the walk's own, Maria's, pending (its routes by id need one). */
const WALK_SESSION = 'remote-access-walk';
async function insertWalkSession(): Promise<void> {
  const now = Date.now();
  await env.ACCESS_DB.prepare(
    `INSERT INTO remote_access_session (id, owner_uid, machine_id, machine_name, device_id, requester_uid, requester_name,
      requester_email, reason, duration_hours, services, lan_subnet, status, tunnel_address, version, created_at, updated_at)
     VALUES (?, ?, 'machine-1001', 'Máquina', 'device-1001', ?, 'Maria', 'maria@example.com', 'Walk', 1, '[]',
      '192.168.10.0/24', 'pending', '10.86.0.1', 1, ?, ?)`,
  )
    .bind(WALK_SESSION, MARIA, MARIA, now, now)
    .run();
}

const TABLE: RouteTable = {
  'GET /me': { access: 'self', path: '/me' },
  'PATCH /me': { access: 'self', path: '/me' },
  'POST /assembler': { access: 'self', path: '/assembler' },
  'POST /account/export': { access: 'team', path: '/account/export' },
  'POST /account/deletion': { access: 'team', path: '/account/deletion', body: { companyName: 'Walk' } },
  'GET /account/deletion': { access: 'read', path: '/account/deletion' },
  'DELETE /account/deletion': { access: 'team', path: '/account/deletion' },
  'GET /account/terms': { access: 'read', path: '/account/terms' },
  'POST /account/terms': { access: 'team', path: '/account/terms', body: { version: '2000-01-01' } },
  'GET /team': { access: 'team-read', path: '/team' },
  'PATCH /team/member/{uid}': { access: 'team', path: '/team/member/demo-tecnico-carlos' },
  'DELETE /team/member/{uid}': { access: 'team', path: '/team/member/demo-tecnico-carlos' },
  'POST /team/invitation': { access: 'team', path: '/team/invitation' },
  'POST /team/invitation/{id}/resend': { access: 'team', path: '/team/invitation/invitation-1001/resend', owned: true },
  'POST /team/invitation/{id}/revoke': { access: 'team', path: '/team/invitation/invitation-1001/revoke', owned: true },
  'POST /invitation/open': { access: 'public', path: '/invitation/open', body: { token: 'convite-demo-pendente' } },
  'POST /invitation/accept': { access: 'self', path: '/invitation/accept', body: { token: 'convite-demo-pendente' } },
  'GET /demo/mailbox': { access: 'team', path: '/demo/mailbox', demoOnly: true },
  'POST /demo/reset': { access: 'self', path: '/demo/reset', demoOnly: true },
  'POST /demo/seed-if-empty': { access: 'self', path: '/demo/seed-if-empty', demoOnly: true },
  'POST /newsletter': { access: 'public', path: '/newsletter' },
  'POST /newsletter/confirm': { access: 'public', path: '/newsletter/confirm' },
  'POST /newsletter/unsubscribe': { access: 'public', path: '/newsletter/unsubscribe' },
  'GET /demo/newsletter-mailbox': { access: 'public', path: '/demo/newsletter-mailbox?email=walk@exemplo.com.br', demoOnly: true },
  'POST /csp-report': { access: 'public', path: '/csp-report' },
  'GET /backoffice/csp-report': { access: 'staff', path: '/backoffice/csp-report' },
  'GET /audit-log': { access: 'team-read', path: '/audit-log' },
  'GET /audit-log/people': { access: 'team-read', path: '/audit-log/people' },
  'GET /backoffice/audit-log': { access: 'staff', path: '/backoffice/audit-log' },
  'GET /backoffice/audit-log/accounts': { access: 'staff', path: '/backoffice/audit-log/accounts' },

  'GET /customer': { access: 'read', path: '/customer' },
  'GET /customer/{id}': { access: 'read', path: '/customer/customer-1001', owned: true },
  'POST /customer': { access: 'edit', path: '/customer' },
  'PUT /customer/{id}': { access: 'edit', path: '/customer/customer-1001', owned: true, body: customer },
  'DELETE /customer/{id}': { access: 'edit', path: '/customer/customer-1001', owned: true },
  'GET /machine-model': { access: 'read', path: '/machine-model' },
  'GET /machine-model/{id}': { access: 'read', path: '/machine-model/machine-model-1001', owned: true },
  'POST /machine-model': { access: 'edit', path: '/machine-model' },
  'PUT /machine-model/{id}': { access: 'edit', path: '/machine-model/machine-model-1001', owned: true, body: { name: 'Modelo', services: [] } },
  'DELETE /machine-model/{id}': { access: 'edit', path: '/machine-model/machine-model-1001', owned: true },
  'GET /machine': { access: 'read', path: '/machine' },
  'GET /machine/{id}': { access: 'read', path: '/machine/machine-1001', owned: true },
  'GET /machine/{id}/access': { access: 'read', path: '/machine/machine-1001/access', owned: true },
  'POST /machine': { access: 'edit', path: '/machine' },
  'PUT /machine/{id}': { access: 'edit', path: '/machine/machine-1001' },
  'DELETE /machine/{id}': { access: 'edit', path: '/machine/machine-1001', owned: true },
  'GET /device': { access: 'read', path: '/device' },
  'GET /device/{id}': { access: 'read', path: '/device/device-1001', owned: true },
  'PUT /device/{id}': { access: 'edit', path: '/device/device-1001', owned: true, body: { name: 'Gateway' } },
  'PUT /device/{id}/machine': { access: 'edit', path: '/device/device-1001/machine' },
  'GET /device/{id}/connections': { access: 'read', path: '/device/device-1001/connections', owned: true },
  'GET /device/setup/{code}': { access: 'read', path: '/device/setup/PNT-7K2M-4Q9X-3FJD' },
  'POST /device/claim': { access: 'edit', path: '/device/claim' },
  'POST /auth-download': { access: 'edit', path: '/auth-download?deviceId=device-1001', owned: true },
  'GET /dashboard/summary': { access: 'read', path: '/dashboard/summary' },
  'GET /dashboard/connections': { access: 'read', path: '/dashboard/connections' },

  'GET /address': { access: 'read', path: '/address' },
  'GET /address/{id}': { access: 'read', path: '/address/address-1001', owned: true },
  'GET /address/cep/{cep}': { access: 'read', path: '/address/cep/01310100' },
  'POST /address': { access: 'purchase', path: '/address' },
  'PUT /address/{id}': { access: 'purchase', path: '/address/address-1001' },
  'POST /address/{id}/default': { access: 'purchase', path: '/address/address-1001/default', owned: true },
  'DELETE /address/{id}': { access: 'purchase', path: '/address/address-1001', owned: true },
  'GET /product': { access: 'read', path: '/product' },
  'GET /product/{id}': { access: 'read', path: '/product/product-g1-4g' },
  'GET /order': { access: 'read', path: '/order' },
  'GET /order/{id}': { access: 'read', path: '/order/order-1001', owned: true },
  'POST /order': { access: 'purchase', path: '/order' },
  'POST /order/{id}/payment-confirmation': { access: 'purchase', path: '/order/order-1001/payment-confirmation', owned: true },
  'POST /order/{id}/pix-code': { access: 'purchase', path: '/order/order-1001/pix-code', owned: true },
  'POST /order/{id}/cancel': { access: 'purchase', path: '/order/order-1001/cancel' },
  'POST /payment-webhook': { access: 'public', path: '/payment-webhook' },
  'GET /payment-method': { access: 'read', path: '/payment-method' },
  'GET /discount-rule': { access: 'read', path: '/discount-rule' },

  'GET /remote-access/policy': { access: 'read', path: '/remote-access/policy' },
  'PUT /remote-access/policy': { access: 'remote-admin', path: '/remote-access/policy' },
  'POST /machine/{id}/remote-access': { access: 'edit', path: '/machine/machine-1001/remote-access', owned: true, body: { reason: 'Walk', durationHours: 1 } },
  'GET /remote-access/session': { access: 'read', path: '/remote-access/session' },
  'GET /remote-access/session/{id}': { access: 'read', path: `/remote-access/session/${WALK_SESSION}`, owned: true },
  'POST /remote-access/session/{id}/approve': { access: 'remote-admin', path: `/remote-access/session/${WALK_SESSION}/approve`, owned: true },
  'POST /remote-access/session/{id}/refuse': { access: 'remote-admin', path: `/remote-access/session/${WALK_SESSION}/refuse`, owned: true, body: { reason: 'Walk' } },
  'POST /remote-access/session/{id}/profile': {
    access: 'edit',
    path: `/remote-access/session/${WALK_SESSION}/profile`,
    owned: true,
    body: { publicKey: 'HG7cXbE3togXgynzrbeMzxaQrqp53KCxTlCpSTywoaM=' },
  },
  'POST /remote-access/session/{id}/end': { access: 'edit', path: `/remote-access/session/${WALK_SESSION}/end`, owned: true, body: {} },
  'GET /remote-access/event': { access: 'read', path: '/remote-access/event' },
  'GET /remote-access/filter-options': { access: 'read', path: '/remote-access/filter-options' },
  'POST /factory-approval/open': { access: 'public', path: '/factory-approval/open', body: { token: 'link-de-aprovacao-inexistente' } },
  'POST /factory-approval/decision': {
    access: 'public',
    path: '/factory-approval/decision',
    body: { token: 'link-de-aprovacao-inexistente', decision: 'approve' },
  },

  'GET /alert-rule': { access: 'read', path: '/alert-rule' },
  'PUT /alert-rule/{event}': { access: 'team', path: '/alert-rule/gateway-offline' },
  'GET /notification': { access: 'read', path: '/notification' },
  'POST /notification/mark-all-read': { access: 'read', path: '/notification/mark-all-read' },
  'POST /notification/{id}/read': { access: 'read', path: '/notification/portal-notification-1001/read', owned: true },
  'POST /demo/device/{id}/offline': { access: 'edit', path: '/demo/device/device-1001/offline', demoOnly: true },
  'POST /demo/device/{id}/online': { access: 'edit', path: '/demo/device/device-1001/online', demoOnly: true },
  'POST /demo/alerts/evaluate': { access: 'self', path: '/demo/alerts/evaluate', demoOnly: true },
  'GET /webhook': { access: 'team-read', path: '/webhook' },
  'POST /webhook': { access: 'team', path: '/webhook' },
  'PUT /webhook/{id}': { access: 'team', path: '/webhook/webhook-1001', owned: true, body: { url: 'https://hooks.exemplo.com.br/ponte', events: ['gateway-offline'], enabled: true } },
  'DELETE /webhook/{id}': { access: 'team', path: '/webhook/webhook-1001', owned: true },
  'POST /webhook/{id}/rotate-secret': { access: 'team', path: '/webhook/webhook-1001/rotate-secret', owned: true },
  'POST /webhook/{id}/test': { access: 'team', path: '/webhook/webhook-1001/test', owned: true },
  'GET /webhook/{id}/delivery': { access: 'team-read', path: '/webhook/webhook-1001/delivery', owned: true },
  'POST /webhook/delivery/{id}/resend': { access: 'team', path: '/webhook/delivery/evt_demo000000000000000001/resend', owned: true },
  'POST /demo/webhook-receiver/{account}': { access: 'public', path: '/demo/webhook-receiver/demo-cliente-maria', demoOnly: true },
  'GET /demo/webhook-receiver': { access: 'team-read', path: '/demo/webhook-receiver', demoOnly: true },

  'GET /backoffice/dashboard': { access: 'staff', path: '/backoffice/dashboard' },
  'GET /backoffice/search': { access: 'staff', path: '/backoffice/search?q=1004' },
  'GET /backoffice/assembler': { access: 'staff', path: '/backoffice/assembler' },
  'GET /backoffice/mail': { access: 'staff', path: '/backoffice/mail' },
  'GET /backoffice/staff': { access: 'staff', path: '/backoffice/staff' },
  'POST /backoffice/staff/grant': { access: 'staff', path: '/backoffice/staff/grant', body: { email: 'walk@exemplo.com.br' } },
  'POST /backoffice/staff/{uid}/revoke': { access: 'staff', path: '/backoffice/staff/demo-admin-rafael/revoke' },
  'GET /backoffice/assembler/{uid}': { access: 'staff', path: '/backoffice/assembler/demo-cliente-maria' },
  'GET /backoffice/machine': { access: 'staff', path: '/backoffice/machine' },
  'GET /backoffice/notification/new': { access: 'staff', path: '/backoffice/notification/new' },
  'POST /backoffice/notification/mark-as-read': { access: 'staff', path: '/backoffice/notification/mark-as-read' },
  'GET /backoffice/order': { access: 'staff', path: '/backoffice/order' },
  'GET /backoffice/order/{id}': { access: 'staff', path: '/backoffice/order/order-1001' },
  'POST /backoffice/order/{id}/status': { access: 'staff', path: '/backoffice/order/order-1001/status' },
  'GET /backoffice/payment-platform': { access: 'staff', path: '/backoffice/payment-platform' },
  'GET /backoffice/remote-access/session': { access: 'staff', path: '/backoffice/remote-access/session' },
  'POST /backoffice/remote-access/session/{id}/end': {
    access: 'staff',
    path: `/backoffice/remote-access/session/${WALK_SESSION}/end`,
    body: { reason: 'Walk' },
  },
  'GET /backoffice/payment-platform/{id}': { access: 'staff', path: '/backoffice/payment-platform/payment-platform-1001' },
  'POST /backoffice/payment-platform': { access: 'staff', path: '/backoffice/payment-platform' },
  'PUT /backoffice/payment-platform/{id}': { access: 'staff', path: '/backoffice/payment-platform/payment-platform-1001' },
  'POST /backoffice/payment-platform/{id}/enable': { access: 'staff', path: '/backoffice/payment-platform/payment-platform-1001/enable' },
  'POST /backoffice/payment-platform/{id}/disable': { access: 'staff', path: '/backoffice/payment-platform/payment-platform-1001/disable' },
  'DELETE /backoffice/payment-platform/{id}': { access: 'staff', path: '/backoffice/payment-platform/payment-platform-1001' },
  'GET /backoffice/payment-method': { access: 'staff', path: '/backoffice/payment-method' },
  'GET /backoffice/payment-method/{id}': { access: 'staff', path: '/backoffice/payment-method/payment-method-pix' },
  'POST /backoffice/payment-method': { access: 'staff', path: '/backoffice/payment-method' },
  'PUT /backoffice/payment-method/{id}': { access: 'staff', path: '/backoffice/payment-method/payment-method-pix' },
  'POST /backoffice/payment-method/{id}/enable': { access: 'staff', path: '/backoffice/payment-method/payment-method-pix/enable' },
  'POST /backoffice/payment-method/{id}/disable': { access: 'staff', path: '/backoffice/payment-method/payment-method-pix/disable' },
  'DELETE /backoffice/payment-method/{id}': { access: 'staff', path: '/backoffice/payment-method/payment-method-pix' },
  'GET /backoffice/discount-rule': { access: 'staff', path: '/backoffice/discount-rule' },
  'GET /backoffice/discount-rule/{id}': { access: 'staff', path: '/backoffice/discount-rule/discount-rule-1001' },
  'POST /backoffice/discount-rule': { access: 'staff', path: '/backoffice/discount-rule' },
  'PUT /backoffice/discount-rule/{id}': { access: 'staff', path: '/backoffice/discount-rule/discount-rule-1001' },
  'POST /backoffice/discount-rule/{id}/activate': { access: 'staff', path: '/backoffice/discount-rule/discount-rule-1001/activate' },
  'POST /backoffice/discount-rule/{id}/deactivate': { access: 'staff', path: '/backoffice/discount-rule/discount-rule-1001/deactivate' },
  'DELETE /backoffice/discount-rule/{id}': { access: 'staff', path: '/backoffice/discount-rule/discount-rule-1001' },
  'GET /backoffice/product': { access: 'staff', path: '/backoffice/product' },
  'GET /backoffice/product/{id}': { access: 'staff', path: '/backoffice/product/product-plan-24m' },
  'POST /backoffice/product': { access: 'staff', path: '/backoffice/product' },
  'PUT /backoffice/product/{id}': { access: 'staff', path: '/backoffice/product/product-plan-24m' },
  'POST /backoffice/product/{id}/activate': { access: 'staff', path: '/backoffice/product/product-plan-24m/activate' },
  'POST /backoffice/product/{id}/deactivate': { access: 'staff', path: '/backoffice/product/product-plan-24m/deactivate' },
  'DELETE /backoffice/product/{id}': { access: 'staff', path: '/backoffice/product/product-plan-24m' },
};

describe('main API: every route, every role', () => {
  beforeAll(async () => {
    await arrangeSeed();
    await insertWalkSession();
  });

  it('lists every route it serves, documented with its access', () => {
    checkListing(app, TABLE);
  });

  it.each(Object.entries(TABLE))('%s', async (key, rule) => {
    await walkRoute(app, key, rule);
  });
});
