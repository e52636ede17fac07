/**
 * The demo backend's database: plain records, times in epoch milliseconds (the handlers send them as
 * { seconds, nanos }), money in integer centavos. In the browser it is kept in localStorage across reloads and
 * can be reset; in tests it lives in memory and is rebuilt for every test.
 */
import { buildSeed, type SeedOptions } from './seed';

export const DB_VERSION = 1;

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

export interface CustomerRecord {
  id: string;
  ownerUid: string;
  name: string;
  tradeName: string;
  cnpj: string;
  email: string;
  phone: string;
  city: string;
  uf: string;
  createdAt: number;
}

export type ServiceProtocol = 'http' | 'https' | 'vnc' | 'rdp' | 'ssh' | 'modbus-tcp' | 's7';

export interface MachineService {
  name: string;
  protocol: ServiceProtocol;
  port: number;
}

export interface MachineModelRecord {
  id: string;
  ownerUid: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string;
  services: MachineService[];
  createdAt: number;
}

export interface MachineRecord {
  id: string;
  ownerUid: string;
  name: string;
  serialNumber: string;
  modelId: string;
  customerId: string | null;
  deviceId: string | null;
  site: string;
  lanSubnet: string;
  createdAt: number;
}

export type DeviceStatus = 'online' | 'offline' | 'never-connected';

export interface DeviceRecord {
  id: string;
  ownerUid: string;
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
}

export interface DeviceConnectionRecord {
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

export interface AddressRecord {
  id: string;
  ownerUid: string;
  label: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
  isDefault: boolean;
}

export interface ProductRecord {
  id: string;
  name: string;
  description: string;
  unitPrice: number;
  active: boolean;
}

export type OrderStatus = 'aguardando-pagamento' | 'pago' | 'em-separacao' | 'enviado' | 'entregue' | 'cancelado';

export interface OrderItem {
  productId: string;
  product: string;
  quantity: number;
  unitPrice: number;
}

export interface OrderRecord {
  id: string;
  number: number;
  ownerUid: string;
  items: OrderItem[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  status: OrderStatus;
  paymentMethodId: string;
  installments: number;
  address: Omit<AddressRecord, 'id' | 'ownerUid' | 'isDefault'>;
  trackingCode: string | null;
  deviceIds: string[];
  createdAt: number;
  updatedAt: number;
}

export type PaymentKind = 'pix' | 'boleto' | 'cartao-credito';

export interface PaymentMethodRecord {
  id: string;
  name: string;
  kind: PaymentKind;
  platformId: string;
  enabled: boolean;
  maxInstallments: number;
}

export interface PaymentPlatformRecord {
  id: string;
  name: string;
  provider: string;
  environment: 'sandbox' | 'producao';
  publicKey: string;
  /** Write-only: never sent back; only its last 4 characters are. */
  secretKey: string;
  enabled: boolean;
}

export interface DiscountRuleRecord {
  id: string;
  name: string;
  minQuantity: number;
  percent: number;
  active: boolean;
  validFrom: number;
  validUntil: number | null;
}

export interface NotificationRecord {
  id: string;
  title: string;
  message: string;
  createdAt: number;
  read: boolean;
}

export interface VpnUserRecord {
  id: string;
  ownerUid: string;
  name: string;
  email: string;
  enabled: boolean;
  expiresAt: number | null;
  machineIds: string[];
  createdAt: number;
}

export interface VpnNodeRecord {
  id: string;
  ownerUid: string;
  name: string;
  deviceId: string;
  vpnAddress: string;
  online: boolean;
  lastHandshakeAt: number | null;
}

export interface VpnRouteRecord {
  id: string;
  ownerUid: string;
  nodeId: string;
  network: string;
  description: string;
  enabled: boolean;
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

export interface DemoData {
  version: number;
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
  idempotency: Record<string, IdempotentReply>;
  /** Next sequence number per kind, for readable ids. */
  sequences: Record<string, number>;
}

export interface DemoDb {
  readonly data: DemoData;
  /** Persists after a change (no-op in memory). */
  save(): void;
  /** Back to the seed. */
  reset(options?: SeedOptions): void;
  nextId(kind: string): string;
}

export interface PersistentStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const DB_STORAGE_KEY = 'ponte-demo-db';

function isDemoData(value: unknown): value is DemoData {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { version?: unknown }).version === DB_VERSION &&
    Array.isArray((value as { assemblers?: unknown }).assemblers)
  );
}

export function createDb(options: { storage?: PersistentStore; seed?: SeedOptions } = {}): DemoDb {
  const { storage } = options;
  let data: DemoData = buildSeed(options.seed);
  if (storage) {
    try {
      const stored: unknown = JSON.parse(storage.getItem(DB_STORAGE_KEY) ?? 'null');
      if (isDemoData(stored)) data = stored;
    } catch {
      // corrupt copy: start again from the seed
    }
  }
  const save = () => {
    if (!storage) return;
    try {
      storage.setItem(DB_STORAGE_KEY, JSON.stringify(data));
    } catch {
      // quota exceeded: keep working in memory
    }
  };
  const db: DemoDb = {
    get data() {
      return data;
    },
    save,
    reset(seedOptions) {
      data = buildSeed(seedOptions ?? options.seed);
      save();
    },
    nextId(kind) {
      const next = (data.sequences[kind] ?? 1000) + 1;
      data.sequences[kind] = next;
      return `${kind}-${next}`;
    },
  };
  save();
  return db;
}
