import type { NotificationSubject } from '@/contracts/backoffice-search';
import { backofficePaths } from '@/config/paths';

/**
 * Where a notification or a search result about a record leads: an order's detail, a builder's orders, a VPN
 * user in the VPN screen's list (searched by e-mail).
 */
export function subjectPath(subject: NotificationSubject): string {
  switch (subject.kind) {
    case 'order':
      return backofficePaths.order(subject.id);
    case 'assembler':
      return backofficePaths.assemblerOrders(subject.id);
    case 'vpn-user':
      return `${backofficePaths.vpnUsers}?${new URLSearchParams({ q: subject.label ?? subject.id }).toString()}`;
  }
}
