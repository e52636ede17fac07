/**
 * The demo's alerts (issue 37): the demo builder's saved "Gateway offline" rule (to the Administrador, in the portal
 * and by e-mail, after 5 minutes) and a few notifications in Maria's bell — one unread "Gateway offline" about one
 * of her offline gateways, and read ones about a gateway back and an order.
 */
import { DEMO_CUSTOMER_UID } from '@/seed';
import type { DemoData } from '@/seed/data';
import { DEFAULT_OFFLINE_AFTER_MINUTES, DEFAULT_QUIET_MINUTES } from '@/contracts/alerts';
import { orderLabel } from '@/contracts/order';
import { alertRule, portalNotification } from '../../main/db/alert-schema';
import { ALERT_TEXTS } from '../../main/alerts/texts';
import type { SeedContext } from './index';
import { seedTable, type SeedTable } from './types';

const MINUTE = 60_000;

export function alertsSeed(data: DemoData, { now }: SeedContext): SeedTable[] {
  const maria = DEMO_CUSTOMER_UID;
  const devices = data.devices.filter((device) => device.ownerUid === maria);
  const offline = devices.find((device) => device.status === 'offline');
  const online = devices.find((device) => device.status === 'online');
  const order = data.orders.find((item) => item.ownerUid === maria);
  const notifications: (typeof portalNotification.$inferInsert)[] = [];
  const add = (row: Omit<typeof portalNotification.$inferInsert, 'id' | 'ownerUid' | 'memberUid'>) =>
    notifications.push({ id: `portal-notification-${1001 + notifications.length}`, ownerUid: maria, memberUid: maria, ...row });
  if (offline) {
    add({
      event: 'gateway-offline',
      title: `Gateway offline: ${offline.name}`,
      message: ALERT_TEXTS.gatewayOffline(offline.name, 12),
      subjectKind: 'device',
      subjectId: offline.id,
      readAt: null,
      createdAt: now - 2 * 60 * MINUTE,
    });
  }
  if (online) {
    add({
      event: 'gateway-online',
      title: `Gateway de volta: ${online.name}`,
      message: ALERT_TEXTS.gatewayOnline(online.name, 8),
      subjectKind: 'device',
      subjectId: online.id,
      readAt: now - 20 * 60 * MINUTE,
      createdAt: now - 22 * 60 * MINUTE,
    });
  }
  if (order) {
    add({
      event: 'order-updated',
      title: `Pedido atualizado: Pedido ${orderLabel(order)}`,
      message: ALERT_TEXTS.orderUpdated(orderLabel(order), order.status),
      subjectKind: 'order',
      subjectId: order.id,
      readAt: now - 2 * 24 * 60 * MINUTE,
      createdAt: now - 3 * 24 * 60 * MINUTE,
    });
  }
  return [
    seedTable(alertRule, [
      {
        ownerUid: maria,
        event: 'gateway-offline',
        enabled: true,
        roles: ['administrador'],
        extraEmails: [],
        channels: ['portal', 'email', 'webhook'],
        afterMinutes: DEFAULT_OFFLINE_AFTER_MINUTES,
        quietMinutes: DEFAULT_QUIET_MINUTES,
        version: 1,
        updatedAt: now - 7 * 24 * 60 * MINUTE,
      },
    ]),
    seedTable(portalNotification, notifications),
  ];
}
