/**
 * The demo seed's data, as plain records: times in epoch milliseconds, money in integer centavos; every record with
 * an id carries `version` and `updatedAt`. The Workers load it into D1 (src/server/demo/seed), also for the SPA's unit
 * tests (src/testing/workers). Record types live next to their resource (src/seed/<resource>/records.ts)
 * where they have one; the others are here.
 */
import type { NotificationSubject } from '@/contracts/backoffice-search';
import type { AddressRecord } from './addresses/records';
import type { CustomerRecord } from './customers/records';
import type { MachineModelRecord, MachineRecord } from './machines/records';
import type { ProductRecord } from './catalog/records';
import type { OrderRecord } from './orders/records';
import type { DiscountRuleRecord } from './discount-rules/records';
import type { PaymentMethodRecord } from './payment-methods/records';
import type { PaymentPlatformRecord } from './payment-platforms/records';
import type { VpnNodeRecord, VpnRouteRecord, VpnUserRecord } from './vpn/records';
import type { InvitationRecord, MailRecord, TeamMemberRecord } from './team/records';
import type { Stamped } from './stored';

export type { AddressRecord } from './addresses/records';
export type { CustomerRecord } from './customers/records';
export type { MachineModelRecord, MachineRecord, MachineService, ServiceProtocol } from './machines/records';
export type { ProductRecord } from './catalog/records';
export type { OrderItemRecord, OrderPaymentRecord, OrderRecord, OrderTimelineRecord } from './orders/records';
export type { DiscountRuleRecord } from './discount-rules/records';
export type { PaymentMethodRecord } from './payment-methods/records';
export type { PaymentPlatformRecord } from './payment-platforms/records';
export type { VpnNodeRecord, VpnRouteRecord, VpnUserRecord } from './vpn/records';
export type { InvitationRecord, MailRecord, TeamMemberRecord } from './team/records';
export type { SeedOptions } from './index';

export interface AssemblerRecord {
  uid: string;
  name: string;
  cnpj: string;
  email: string;
  createdAt: number;
}

export interface StaffRecord {
  uid: string;
  name: string;
  email: string;
}

export type DeviceStatus = 'online' | 'offline' | 'never-connected';

export interface DeviceRecord extends Stamped {
  id: string;
  /** null: an unclaimed gateway (bought from a distributor), claimed with its setup code. */
  ownerUid: string | null;
  serialNumber: string;
  setupCode: string;
  name: string;
  hardwareModel: string;
  firmware: string;
  status: DeviceStatus;
  lastSeenAt: number | null;
  vpnAddress: string | null;
  machineId: string | null;
  orderId: string | null;
  createdAt: number;
  /** The demo brings a never-connected device online at this time (set when its VPN configuration is downloaded). */
  comesOnlineAt?: number | null;
}

export interface DeviceConnectionRecord extends Stamped {
  id: string;
  ownerUid: string;
  deviceId: string;
  machineId: string | null;
  userName: string;
  userEmail: string;
  startedAt: number;
  endedAt: number | null;
  publicIp: string;
  bytesIn: number;
  bytesOut: number;
}

export type { OrderStatus, PaymentKind } from '@/contracts/commerce';

export interface NotificationRecord extends Stamped {
  id: string;
  title: string;
  message: string;
  createdAt: number;
  read: boolean;
  /** The record it is about (the back office links to it). */
  subject: NotificationSubject | null;
  /** For notifications raised by a condition (a VPN access about to expire): raised once per key. */
  key?: string;
}

export interface NewsletterRecord {
  email: string;
  createdAt: number;
  /** The double opt-in (contracts/newsletter.ts); a record without it reads as pending with no link. */
  status?: 'pendente' | 'ativo' | 'cancelado';
  consentAt?: number;
  policyVersion?: string;
  /** The unit tests' fake API only (the Workers keep hashes): the links' tokens. */
  confirmToken?: string;
  confirmExpiresAt?: number;
  unsubscribeTokens?: string[];
}

export interface IdempotentReply {
  status: number;
  body: unknown;
  /** uid + method + path the key was used for; the same key elsewhere is refused. */
  scope: string;
  createdAt: number;
}

export type SeedKind = 'standard' | 'large';

export interface DemoData {
  version: number;
  /** Which seed the data started from (`?demo-seed=large` switches to 'large'). */
  seed: SeedKind;
  assemblers: AssemblerRecord[];
  staff: StaffRecord[];
  customers: CustomerRecord[];
  machineModels: MachineModelRecord[];
  machines: MachineRecord[];
  devices: DeviceRecord[];
  deviceConnections: DeviceConnectionRecord[];
  addresses: AddressRecord[];
  products: ProductRecord[];
  orders: OrderRecord[];
  paymentMethods: PaymentMethodRecord[];
  paymentPlatforms: PaymentPlatformRecord[];
  discountRules: DiscountRuleRecord[];
  notifications: NotificationRecord[];
  vpnUsers: VpnUserRecord[];
  vpnNodes: VpnNodeRecord[];
  vpnRoutes: VpnRouteRecord[];
  newsletter: NewsletterRecord[];
  /** Every account's people (its builder included) and their roles. */
  teamMembers: TeamMemberRecord[];
  invitations: InvitationRecord[];
  /** The e-mails the demo "sent" (invitations): shown in Equipe → E-mails enviados. */
  mailbox: MailRecord[];
  idempotency: Record<string, IdempotentReply>;
  /** Next sequence number per kind, for readable ids. */
  sequences: Record<string, number>;
}

