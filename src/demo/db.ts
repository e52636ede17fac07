/**
 * The unit tests' backend database (src/testing/msw-server.ts): plain records, times in epoch milliseconds (the
 * handlers send them as { seconds, nanos }), money in integer centavos; every record with an id carries `version`
 * and `updatedAt`. It lives in memory (`createDb`) and is rebuilt for every test. The demo's real backend is the
 * Workers on D1 (src/server), which load the same seed.
 *
 * Record types live next to their resource (src/demo/resources/<resource>/records.ts) where they have one; the
 * others are here until their resource gets its own folder.
 */
import type { NotificationSubject } from '@/contracts/backoffice-search';
import type { AddressRecord } from './resources/addresses/records';
import type { CustomerRecord } from './resources/customers/records';
import type { MachineModelRecord, MachineRecord } from './resources/machines/records';
import type { ProductRecord } from './resources/catalog/records';
import type { OrderRecord } from './resources/orders/records';
import type { DiscountRuleRecord } from './resources/discount-rules/records';
import type { PaymentMethodRecord } from './resources/payment-methods/records';
import type { PaymentPlatformRecord } from './resources/payment-platforms/records';
import type { VpnNodeRecord, VpnRouteRecord, VpnUserRecord } from './resources/vpn/records';
import type { InvitationRecord, MailRecord, TeamMemberRecord } from './resources/team/records';
import { buildSeed, type SeedOptions } from './seed';
import type { Stamped } from './stored';

export type { AddressRecord } from './resources/addresses/records';
export type { CustomerRecord } from './resources/customers/records';
export type { MachineModelRecord, MachineRecord, MachineService, ServiceProtocol } from './resources/machines/records';
export type { ProductRecord } from './resources/catalog/records';
export type { OrderItemRecord, OrderPaymentRecord, OrderRecord, OrderTimelineRecord } from './resources/orders/records';
export type { DiscountRuleRecord } from './resources/discount-rules/records';
export type { PaymentMethodRecord } from './resources/payment-methods/records';
export type { PaymentPlatformRecord } from './resources/payment-platforms/records';
export type { VpnNodeRecord, VpnRouteRecord, VpnUserRecord } from './resources/vpn/records';
export type { InvitationRecord, MailRecord, TeamMemberRecord } from './resources/team/records';
export type { SeedOptions } from './seed';

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

export interface DemoDb {
  readonly data: DemoData;
  /**
   * The handlers' persistence points (a change recorded; wait for it to be stored), from when these handlers also
   * ran in the browser with a stored copy: in memory there is nothing to store, so they do nothing.
   */
  save(): void;
  flush(): Promise<void>;
  settle(): Promise<void>;
  /** Back to the seed. */
  reset(options?: SeedOptions): void;
  nextId(kind: string): string;
}

function makeDb(initial: DemoData, seedOptions: SeedOptions | undefined): DemoDb {
  let data = initial;
  return {
    get data() {
      return data;
    },
    save: () => undefined,
    flush: () => Promise.resolve(),
    settle: () => Promise.resolve(),
    reset(options) {
      data = buildSeed(options ?? seedOptions);
    },
    nextId(kind) {
      const next = (data.sequences[kind] ?? 1000) + 1;
      data.sequences[kind] = next;
      return `${kind}-${next}`;
    },
  };
}

/** The in-memory database of the tests. */
export function createDb(options: { seed?: SeedOptions } = {}): DemoDb {
  return makeDb(buildSeed(options.seed), options.seed);
}
