/**
 * The demo backend's database: plain records, times in epoch milliseconds (the handlers send them as
 * { seconds, nanos }), money in integer centavos; every record with an id carries `version` and `updatedAt`.
 *
 * - In Vitest it lives in memory (`createDb`) and is rebuilt for every test.
 * - In the browser (`openDb`) it is loaded asynchronously from IndexedDB before the worker starts and saved there
 *   300 ms after the last write (and on `pagehide`), so even the large seed survives reloads. A store written by
 *   an older version (including the old `localStorage` copy) or a corrupt one is re-seeded, never a crash, and
 *   the db says so once in `notice`.
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
  /** Which tab's change this copy carries (`<tab>:<counter>`); tabs compare it to catch up with each other. */
  revision?: string | null;
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
  /** Writes a pending change now (on `pagehide`); resolves at once in memory. */
  flush(): Promise<void>;
  /**
   * Resolves once every change made so far is stored (writing a pending one now): a request that changed data
   * answers only then, as a real backend answers after its commit, so a reload right after a save keeps it.
   */
  settle(): Promise<void>;
  /** Back to the seed. */
  reset(options?: SeedOptions): void;
  nextId(kind: string): string;
  /**
   * Catches up with a change another tab made (same browser, same stored data): called before every request, so
   * two tabs never work on two copies (an edit in one and a stale edit in the other gets its 409).
   */
  sync(): Promise<void>;
  /** One pt-BR line when the stored data could not be used and was recreated on load; otherwise null. */
  readonly notice: string | null;
}

/** Where the browser keeps the data (IndexedDB through idb-keyval; an in-memory fake in tests). */
export interface DemoStorage {
  read(): Promise<unknown>;
  write(data: DemoData): Promise<void>;
}

/** The old (version 1) copy in localStorage: deleted on load. */
export const LEGACY_STORAGE_KEY = 'ponte-demo-db';
/** The IndexedDB key (database "ponte-demo", store "data"). */
export const DB_STORAGE_KEY = 'demo-data';
export const SAVE_DEBOUNCE_MS = 300;

export const DEMO_DATA_UPGRADED_NOTICE = 'Os dados de demonstração foram atualizados para a nova versão e recriados.';
export const DEMO_DATA_CORRUPT_NOTICE = 'Os dados de demonstração guardados estavam danificados e foram recriados.';

const COLLECTIONS = [
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
  /** The newer copy another tab saved, or null when this tab's copy is current. */
  newer(): Promise<DemoData | null>;
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
    async sync() {
      const newer = persist ? await persist.newer() : null;
      if (newer) data = newer;
    },
  };
}

/** Where tabs say which copy is the newest: `<tab>:<counter>`, written synchronously on every change. */
export const REVISION_KEY = 'ponte-demo-revision';
const TAB_ID = Math.random().toString(36).slice(2, 10);
/** How long a tab waits for another tab's debounced write to reach IndexedDB before going on with its own copy. */
const SYNC_WAIT_MS = 3000;

/** The in-memory database of the tests (and of any caller without storage). */
export function createDb(options: { seed?: SeedOptions } = {}): DemoDb {
  return makeDb(seedOf(options.seed), options.seed, null, null);
}

/**
 * The browser's database: reads the stored copy (re-seeding an outdated or corrupt one, with a notice), deletes
 * the old localStorage copy, and persists every change `debounceMs` after the last one.
 */
export async function openDb(options: {
  storage: DemoStorage;
  seed?: SeedOptions;
  /** Where the version 1 copy may still be (window.localStorage). */
  legacy?: Pick<Storage, 'getItem' | 'removeItem'>;
  /** Shared between tabs (window.localStorage): the revision of the newest copy. */
  revisions?: Pick<Storage, 'getItem' | 'setItem'>;
  debounceMs?: number;
}): Promise<DemoDb> {
  const { storage, legacy, revisions } = options;
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

  try {
    if (legacy?.getItem(LEGACY_STORAGE_KEY) != null) {
      legacy.removeItem(LEGACY_STORAGE_KEY);
      if (!initial) notice ??= DEMO_DATA_UPGRADED_NOTICE;
    }
  } catch {
    // storage blocked (privacy settings): nothing to migrate
  }

  const fresh = !initial;
  const data = initial ?? seedOf(options.seed);
  let counter = 0;
  const readRevision = () => {
    try {
      return revisions?.getItem(REVISION_KEY) ?? null;
    } catch {
      return null;
    }
  };
  /** The revision this tab's copy is at. */
  let known = data.revision ?? readRevision();
  const bump = () => {
    counter += 1;
    known = `${TAB_ID}:${counter}`;
    if (db) db.data.revision = known;
    try {
      revisions?.setItem(REVISION_KEY, known);
    } catch {
      // storage blocked: tabs do not sync, each still works
    }
  };

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
      bump();
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void write(), options.debounceMs ?? SAVE_DEBOUNCE_MS);
    },
    flush: write,
    settle: () => (timer !== null ? write() : writing),
    async newer() {
      const wanted = readRevision();
      if (wanted === null || wanted === known) return null;
      const deadline = Date.now() + SYNC_WAIT_MS;
      for (;;) {
        const stored: unknown = await storage.read().catch(() => null);
        if (checkStoredData(stored) === 'current' && (stored as DemoData).revision === wanted) {
          known = wanted;
          return stored as DemoData;
        }
        if (Date.now() > deadline) {
          known = wanted;
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
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
