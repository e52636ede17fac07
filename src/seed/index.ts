/**
 * Seed data of the demo: a Brazilian machine builder (the customer demo account) with its client factories,
 * machine models, machines, gateways, access history, orders and VPN access; a second builder whose records
 * the first must never see; gateways nobody has claimed yet; staff data for the back office. Deterministic for
 * a given `now`.
 *
 * Customers and machines are seeded by their resources (src/seed/<resource>/seed.ts); the rest is here
 * until its resource gets its own folder.
 */
import { FACTORY_ADDRESS, seedAddresses } from './addresses/seed';
import { seedCustomers } from './customers/seed';
import { seedDiscountRules } from './discount-rules/seed';
import { seedProducts } from './catalog/seed';
import { seedMachineModels, seedMachines, SEEDED_MACHINES } from './machines/seed';
import { seedOrders } from './orders/seed';
import { seedPaymentMethods } from './payment-methods/seed';
import { seedPaymentPlatforms } from './payment-platforms/seed';
import { seedVpn } from './vpn/seed';
import { seedTeam } from './team/seed';
import {
  cnpjFromBase,
  DAY,
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_UID,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_UID,
  HOUR,
  MINUTE,
  OTHER_ASSEMBLER_UID,
  prng,
} from './utils';
import { stamp } from './stored';
import type {
  DemoData,
  DeviceConnectionRecord,
  DeviceRecord,
  DeviceStatus,
} from './data';

export {
  cnpjFromBase,
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_UID,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_UID,
  OTHER_ASSEMBLER_UID,
} from './utils';

export interface SeedOptions {
  /** Anchor of every seeded date (defaults to now). */
  now?: number;
  /** The large-list demo: this many more machines, each with its own gateway and access history (e.g. 10 000). */
  extraMachines?: number;
}

/** Setup codes: `PNT-` and three groups of four characters of Crockford base32 (no I, L, O, U). */
export const SETUP_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SETUP_CODE_PATTERN = /^PNT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * Setup codes of the demo gateways nobody has claimed yet (boxes bought from a distributor): any builder can
 * claim one with its code. Listed in docs/demo.md.
 */
export const DEMO_UNCLAIMED_SETUP_CODES = ['PNT-7K2M-4Q9X-3FJD', 'PNT-H3VD-8RWA-6PCE', 'PNT-5ZBE-K6TN-9M1S'] as const;

/**
 * A seeded setup code. The first two groups come from the seed's generator as they always did (so every other
 * seeded value stays as it was); the third is worked out from them (the demo's codes are public anyway).
 */
export function setupCode(random: () => number): string {
  const pick = () => SETUP_CODE_ALPHABET[Math.floor(random() * SETUP_CODE_ALPHABET.length)] ?? '0';
  const group = () => Array.from({ length: 4 }, pick).join('');
  const head = `${group()}-${group()}`;
  let hash = 2166136261;
  for (const char of head) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  const tail = Array.from({ length: 4 }, (_, index) => SETUP_CODE_ALPHABET[(hash >>> (index * 5)) & 31] ?? '0').join('');
  return `PNT-${head}-${tail}`;
}

/** Seeded counts of the demo builder (screens.md's "Demo data"). */
export const SEEDED_GATEWAYS = 70;
const INSTALLED_GATEWAYS = 50;

const HARDWARE_MODELS = ['Ponte G1 4G', 'Ponte G1 Ethernet', 'Ponte G1 Wi-Fi'];
const TECHNICIANS: Array<[string, string]> = [
  ['Maria Oliveira Santos', DEMO_CUSTOMER_EMAIL],
  ['Carlos Henrique Prado', 'carlos.prado@oliveira.exemplo.com.br'],
  ['Juliana Nakamura', 'juliana.nakamura@oliveira.exemplo.com.br'],
];

type NewDevice = Omit<DeviceRecord, 'version' | 'updatedAt'>;
type NewConnection = Omit<DeviceConnectionRecord, 'version' | 'updatedAt'>;

/** The next free number of every `<kind>-<n>` id, so created records never collide with seeded ones. */
function sequencesOf(data: Omit<DemoData, 'sequences'>): Record<string, number> {
  const sequences: Record<string, number> = {};
  for (const value of Object.values(data)) {
    if (!Array.isArray(value)) continue;
    for (const record of value as unknown[]) {
      const id = (record as { id?: unknown }).id;
      const match = typeof id === 'string' ? /^(.+)-(\d+)$/.exec(id) : null;
      if (!match?.[1] || !match[2]) continue;
      sequences[match[1]] = Math.max(sequences[match[1]] ?? 1000, Number(match[2]));
    }
  }
  return sequences;
}

export function buildSeed(options: SeedOptions = {}): DemoData {
  const now = options.now ?? Date.now();
  const extraMachines = options.extraMachines ?? 0;
  const random = prng(20260722);
  const maria = DEMO_CUSTOMER_UID;
  const serra = OTHER_ASSEMBLER_UID;

  const customers = seedCustomers(now);
  const machineModels = seedMachineModels(now);
  const machines = seedMachines(now, customers, machineModels, extraMachines);
  const ownMachines = machines.filter((machine) => machine.ownerUid === maria).slice(0, SEEDED_MACHINES);

  // Gateways: 50 installed on the first machines (orders 1001 and 1002), 20 not installed yet (orders 1003 and
  // 1006), all three statuses; the other builder's one; three nobody has claimed.
  const devices: NewDevice[] = [];
  const statusOf = (index: number): DeviceStatus => {
    const roll = random();
    if (index % 10 === 9) return 'never-connected';
    return roll < 0.7 ? 'online' : 'offline';
  };
  ownMachines.slice(0, INSTALLED_GATEWAYS).forEach((machine, index) => {
    const id = `device-${1001 + index}`;
    const status = statusOf(index);
    machine.deviceId = id;
    devices.push({
      id,
      ownerUid: maria,
      serialNumber: `PG1-${String(240311 + index * 7).padStart(6, '0')}`,
      setupCode: setupCode(random),
      name: `Gateway ${machine.name}`,
      hardwareModel: index < 30 ? 'Ponte G1 4G' : 'Ponte G1 Ethernet',
      firmware: index % 3 === 0 ? '2.4.1' : '2.5.0',
      status,
      lastSeenAt: status === 'never-connected' ? null : now - (status === 'online' ? 2 : 30 + index * 7) * MINUTE,
      vpnAddress: status === 'never-connected' ? null : `10.88.0.${index + 10}`,
      machineId: machine.id,
      orderId: index < 30 ? 'order-1001' : 'order-1002',
      createdAt: now - (index < 30 ? 195 : 155) * DAY,
    });
  });
  for (let i = 0; i < SEEDED_GATEWAYS - INSTALLED_GATEWAYS; i += 1) {
    devices.push({
      id: `device-${1001 + INSTALLED_GATEWAYS + i}`,
      ownerUid: maria,
      serialNumber: `PG1-${String(240811 + i * 3).padStart(6, '0')}`,
      setupCode: setupCode(random),
      name: `Gateway reserva ${String(i + 1).padStart(2, '0')}`,
      hardwareModel: 'Ponte G1 4G',
      firmware: '2.5.0',
      status: 'never-connected',
      lastSeenAt: null,
      vpnAddress: null,
      machineId: null,
      // Order 1003 (15, shipped) and order 1006 (5, being picked): devices exist from the payment on.
      orderId: i < 15 ? 'order-1003' : 'order-1006',
      createdAt: now - 6 * DAY,
    });
  }
  const serraMachine = machines.find((machine) => machine.id === 'machine-1101');
  if (serraMachine) serraMachine.deviceId = 'device-1101';
  devices.push({
    id: 'device-1101',
    ownerUid: serra,
    serialNumber: 'PG1-250001',
    setupCode: setupCode(random),
    name: 'Gateway Pasteurizador',
    hardwareModel: 'Ponte G1 Ethernet',
    firmware: '2.5.0',
    status: 'online',
    lastSeenAt: now - MINUTE,
    vpnAddress: '10.89.0.10',
    machineId: 'machine-1101',
    orderId: null,
    createdAt: now - 70 * DAY,
  });
  DEMO_UNCLAIMED_SETUP_CODES.forEach((code, index) => {
    devices.push({
      id: `device-${1201 + index}`,
      ownerUid: null,
      serialNumber: `PG1-26${String(1001 + index * 17).padStart(4, '0')}`,
      setupCode: code,
      name: `Gateway ${HARDWARE_MODELS[index % HARDWARE_MODELS.length] ?? 'Ponte G1 4G'}`,
      hardwareModel: HARDWARE_MODELS[index % HARDWARE_MODELS.length] ?? 'Ponte G1 4G',
      firmware: '2.5.0',
      status: 'never-connected',
      lastSeenAt: null,
      vpnAddress: null,
      machineId: null,
      orderId: null,
      createdAt: now - 20 * DAY,
    });
  });

  // Access history of the last 30 days: four sessions per connected gateway, one of them ongoing now and then.
  const deviceConnections: NewConnection[] = [];
  const connect = (device: NewDevice, deviceIndex: number, sessions: number) => {
    for (let k = 0; k < sessions; k += 1) {
      const [userName, userEmail] = TECHNICIANS[(deviceIndex + k) % TECHNICIANS.length] ?? TECHNICIANS[0] ?? ['', ''];
      const startedAt = now - (1 + Math.floor(random() * 29)) * DAY + Math.floor(random() * 10) * HOUR;
      const minutes = 12 + Math.floor(random() * 95);
      const ongoing = k === 0 && device.status === 'online' && deviceIndex % 4 === 0;
      deviceConnections.push({
        id: `device-connection-${1001 + deviceConnections.length}`,
        ownerUid: maria,
        deviceId: device.id,
        machineId: device.machineId,
        userName,
        userEmail,
        startedAt: ongoing ? now - 25 * MINUTE : startedAt,
        endedAt: ongoing ? null : startedAt + minutes * MINUTE,
        publicIp: `177.${40 + (deviceIndex % 200)}.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`,
        bytesIn: Math.floor(random() * 80_000_000),
        bytesOut: Math.floor(random() * 12_000_000),
      });
    }
  };
  devices
    .filter((device) => device.ownerUid === maria && device.status !== 'never-connected')
    .forEach((device, index) => connect(device, index, 4));

  // VPN nodes, routes and users (src/seed/vpn/seed.ts): the gateways connected so far, not the large demo's.
  const vpn = seedVpn(now, { devices, machines });

  // The large demo: a gateway with history on every extra machine.
  machines
    .filter((machine) => machine.ownerUid === maria)
    .slice(SEEDED_MACHINES)
    .forEach((machine, i) => {
      const id = `device-${20001 + i}`;
      const status: DeviceStatus = i % 20 === 19 ? 'never-connected' : i % 3 === 0 ? 'offline' : 'online';
      machine.deviceId = id;
      const device: NewDevice = {
        id,
        ownerUid: maria,
        serialNumber: `PG1-L${String(i + 1).padStart(6, '0')}`,
        setupCode: setupCode(random),
        name: `Gateway ${machine.name}`,
        hardwareModel: HARDWARE_MODELS[i % HARDWARE_MODELS.length] ?? 'Ponte G1 4G',
        firmware: i % 4 === 0 ? '2.4.1' : '2.5.0',
        status,
        lastSeenAt: status === 'never-connected' ? null : now - (status === 'online' ? 1 + (i % 5) : 60 + (i % 600)) * MINUTE,
        vpnAddress: status === 'never-connected' ? null : `10.${90 + Math.floor(i / 65024)}.${Math.floor(i / 254) % 256}.${(i % 254) + 1}`,
        machineId: machine.id,
        orderId: null,
        createdAt: machine.createdAt,
      };
      devices.push(device);
      if (status !== 'never-connected') connect(device, i, 2);
    });

  const addresses = seedAddresses(now);

  const products = seedProducts(now);
  const orders = seedOrders(now, {
    products,
    address: FACTORY_ADDRESS,
    addressId: 'address-1001',
    deviceIdsOf: (orderId) => devices.filter((d) => d.orderId === orderId).map((d) => d.id),
  });

  const data: Omit<DemoData, 'sequences'> = {
    version: 5,
    seed: extraMachines > 0 ? 'large' : 'standard',
    assemblers: [
      {
        uid: maria,
        name: 'Maria Oliveira Santos',
        cnpj: cnpjFromBase('452781930001'),
        email: DEMO_CUSTOMER_EMAIL,
        createdAt: now - 240 * DAY,
      },
      {
        uid: serra,
        name: 'João Pereira Costa',
        cnpj: cnpjFromBase('385920170001'),
        email: 'joao@serra-equipamentos.exemplo.com.br',
        createdAt: now - 100 * DAY,
      },
    ],
    staff: [{ uid: DEMO_ADMIN_UID, name: 'Rafael Souza Lima', email: DEMO_ADMIN_EMAIL }],
    customers,
    machineModels,
    machines,
    devices: stamp(devices, now),
    deviceConnections: stamp(deviceConnections, now),
    addresses,
    products,
    orders,
    paymentMethods: seedPaymentMethods(now),
    paymentPlatforms: seedPaymentPlatforms(now),
    discountRules: seedDiscountRules(now),
    notifications: stamp(
      [
        { id: 'notification-1001', title: 'Novo pedido #1004', message: 'Maria Oliveira Santos fez um pedido de 2 gateways, aguardando pagamento por boleto.', createdAt: now - 20 * MINUTE, read: false, subject: { kind: 'order' as const, id: 'order-1004' } },
        { id: 'notification-1002', title: 'Pagamento confirmado', message: 'O pedido #1005 foi pago com cartão de crédito.', createdAt: now - 2 * DAY, read: false, subject: { kind: 'order' as const, id: 'order-1005' } },
        { id: 'notification-1003', title: 'Acesso VPN expirado', message: 'O acesso de "Técnico terceirizado — Automax" expirou há 3 dias.', createdAt: now - 3 * DAY, read: false, subject: { kind: 'vpn-user' as const, id: 'vpn-user-1003', label: 'suporte@automax.exemplo.com.br' } },
        { id: 'notification-1004', title: 'Nova montadora cadastrada', message: 'João Pereira Costa cadastrou a empresa Serra Equipamentos.', createdAt: now - 100 * DAY, read: true, subject: { kind: 'assembler' as const, id: serra } },
      ],
      now,
    ),
    vpnUsers: vpn.vpnUsers,
    vpnNodes: vpn.vpnNodes,
    vpnRoutes: vpn.vpnRoutes,
    newsletter: [],
    ...seedTeam(now),
    idempotency: {},
  };
  return { ...data, sequences: sequencesOf(data) };
}
