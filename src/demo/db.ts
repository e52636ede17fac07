/**
 * The demo backend's database: plain records, times in epoch milliseconds (the handlers send them as
 * { seconds, nanos }), money in integer centavos; every record with an id carries `version` and `updatedAt`.
 *
 * - In Vitest it lives in memory (`createDb`) and is rebuilt for every test.
 * - In the browser (`openDb`) it lives in the demo's service worker (src/demo/worker): loaded from IndexedDB when
 *   the worker starts and saved there 300 ms after the last write, so even the large seed survives reloads; one
 *   worker serves every tab, so tabs share one copy. A store written by an older version or a corrupt one is
 *   re-seeded, never a crash, and the db says so once in `notice`.
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

/** Bump whenever DemoData's shape changes: an older stored copy is then re-seeded (with a notice). */
export const DB_VERSION = 5;

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
  /** Records a change: persisted a moment later (debounced); a no-op in memory. */
  save(): void;
  /** Writes a pending change now; resolves at once in memory. */
  flush(): Promise<void>;
  /**
   * Resolves once every change made so far is stored (writing a pending one now): a request that changed data
   * answers only then, as a real backend answers after its commit, so a reload right after a save keeps it.
   */
  settle(): Promise<void>;
  /** Back to the seed. */
  reset(options?: SeedOptions): void;
  nextId(kind: string): string;
  /** One pt-BR line when the stored data could not be used and was recreated on load; otherwise null. */
  readonly notice: string | null;
}

/** Where the browser keeps the data (IndexedDB through idb-keyval; an in-memory fake in tests). */
export interface DemoStorage {
  read(): Promise<unknown>;
  write(data: DemoData): Promise<void>;
}

/** The IndexedDB key (database "ponte-demo", store "data"). */
export const DB_STORAGE_KEY = 'demo-data';
export const SAVE_DEBOUNCE_MS = 300;

export const DEMO_DATA_UPGRADED_NOTICE = 'Os dados de demonstração foram atualizados para a nova versão e recriados.';
export const DEMO_DATA_CORRUPT_NOTICE = 'Os dados de demonstração guardados estavam danificados e foram recriados.';

/** The record collections of the demo's data (what `__ponteDemo.read` / `insert` may name). */
export const COLLECTIONS = [
  'assemblers',
  'staff',
  'customers',
  'machineModels',
  'machines',
  'devices',
  'deviceConnections',
  'addresses',
  'products',
  'orders',
  'paymentMethods',
  'paymentPlatforms',
  'discountRules',
  'notifications',
  'vpnUsers',
  'vpnNodes',
  'vpnRoutes',
  'newsletter',
  'teamMembers',
  'invitations',
  'mailbox',
] as const satisfies ReadonlyArray<keyof DemoData>;

export type DemoCollection = (typeof COLLECTIONS)[number];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 'current': usable as is; 'outdated': another version's data; 'corrupt': not demo data at all. */
export function checkStoredData(value: unknown): 'current' | 'outdated' | 'corrupt' {
  if (!isPlainObject(value) || typeof value.version !== 'number') return 'corrupt';
  if (value.version !== DB_VERSION) return 'outdated';
  const shaped =
    (value.seed === 'standard' || value.seed === 'large') &&
    COLLECTIONS.every((name) => Array.isArray(value[name])) &&
    isPlainObject(value.idempotency) &&
    isPlainObject(value.sequences);
  return shaped ? 'current' : 'corrupt';
}

function seedOf(options: SeedOptions | undefined): DemoData {
  return buildSeed(options);
}

interface Persistence {
  schedule(): void;
  flush(): Promise<void>;
  /** Waits for the writes so far, writing a pending one now. */
  settle(): Promise<void>;
}

function makeDb(
  initial: DemoData,
  seedOptions: SeedOptions | undefined,
  notice: string | null,
  persist: Persistence | null,
): DemoDb {
  let data = initial;
  return {
    get data() {
      return data;
    },
    get notice() {
      return notice;
    },
    save() {
      persist?.schedule();
    },
    flush() {
      return persist ? persist.flush() : Promise.resolve();
    },
    settle() {
      return persist ? persist.settle() : Promise.resolve();
    },
    reset(options) {
      data = seedOf(options ?? seedOptions);
      persist?.schedule();
    },
    nextId(kind) {
      const next = (data.sequences[kind] ?? 1000) + 1;
      data.sequences[kind] = next;
      return `${kind}-${next}`;
    },
  };
}

/** The in-memory database of the tests (and of any caller without storage). */
export function createDb(options: { seed?: SeedOptions } = {}): DemoDb {
  return makeDb(seedOf(options.seed), options.seed, null, null);
}

/**
 * The browser's database: reads the stored copy (re-seeding an outdated or corrupt one, with a notice) and
 * persists every change `debounceMs` after the last one.
 */
export async function openDb(options: {
  storage: DemoStorage;
  seed?: SeedOptions;
  debounceMs?: number;
}): Promise<DemoDb> {
  const { storage } = options;
  let notice: string | null = null;
  let initial: DemoData | null = null;

  let stored: unknown = undefined;
  try {
    stored = await storage.read();
  } catch {
    stored = null;
    notice = DEMO_DATA_CORRUPT_NOTICE;
  }
  if (stored !== undefined && stored !== null) {
    const state = checkStoredData(stored);
    if (state === 'current') initial = stored as DemoData;
    else notice = state === 'outdated' ? DEMO_DATA_UPGRADED_NOTICE : DEMO_DATA_CORRUPT_NOTICE;
  }


  const fresh = !initial;
  const data = initial ?? seedOf(options.seed);

  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let db: DemoDb | null = null;
  let warned = false;
  const write = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!db) return writing;
    const snapshot = db.data;
    writing = writing
      .then(() => storage.write(snapshot))
      .catch((error: unknown) => {
        // quota exceeded or storage gone: the demo keeps working in memory
        if (!warned) console.warn('Não foi possível guardar os dados de demonstração:', error);
        warned = true;
      });
    return writing;
  };
  db = makeDb(data, options.seed, notice, {
    schedule() {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void write(), options.debounceMs ?? SAVE_DEBOUNCE_MS);
    },
    flush: write,
    settle: () => (timer !== null ? write() : writing),
  });
  // A fresh seed is saved at once, but the first screen does not wait for IndexedDB to commit it (the large seed
  // is tens of megabytes); a failed write only warns, as any other.
  if (fresh) void write();
  return db;
}

/** The IndexedDB storage of the browser demo (database "ponte-demo", object store "data"). */
export async function indexedDbStorage(): Promise<DemoStorage> {
  const { createStore, get, set } = await import('idb-keyval');
  const store = createStore('ponte-demo', 'data');
  return {
    read: () => get<unknown>(DB_STORAGE_KEY, store),
    write: (data) => set(DB_STORAGE_KEY, data, store),
  };
}
