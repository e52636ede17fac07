/**
 * The back office's notifications and its search across records ("Buscar em toda aplicação..."): what the demo
 * backend sends and the shell shows. A notification or a search result names the record it is about (`subject`);
 * the back office turns that into a link.
 */
import type { OrderStatus } from './commerce';

export const NOTIFICATION_SUBJECT_KINDS = ['order', 'assembler', 'vpn-user'] as const;
export type NotificationSubjectKind = (typeof NOTIFICATION_SUBJECT_KINDS)[number];

export interface NotificationSubject {
  kind: NotificationSubjectKind;
  id: string;
  /** What the link searches for when the record has no page of its own (a VPN user's e-mail). */
  label?: string;
}

export interface BackofficeNotification {
  id: string;
  title: string;
  message: string;
  createdAt: Date;
  read: boolean;
  subject: NotificationSubject | null;
}

/** How often the back office asks for new notifications while its tab is visible. */
export const NOTIFICATION_POLL_MS = 30_000;

/** A search needs at least this many characters (after trimming, without a leading "#"). */
export const SEARCH_MIN_LENGTH = 2;
/** At most this many results per kind. */
export const SEARCH_LIMIT_PER_KIND = 5;

export interface OrderHit {
  id: string;
  number: number;
  status: OrderStatus;
  total: number;
  assemblerName: string;
}

export interface AssemblerHit {
  id: string;
  name: string;
  cnpj: string;
}

export interface VpnUserHit {
  id: string;
  name: string;
  email: string;
}

export interface BackofficeSearchResults {
  q: string;
  orders: OrderHit[];
  assemblers: AssemblerHit[];
  vpnUsers: VpnUserHit[];
}

/** The text a search sends: trimmed, without the "#" people type before an order number. */
export function searchText(text: string): string {
  return text.trim().replace(/^#\s*/, '');
}

/** Whether a search text is long enough to ask the server. */
export function isSearchable(text: string): boolean {
  return searchText(text).length >= SEARCH_MIN_LENGTH;
}
