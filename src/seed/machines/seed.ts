/**
 * Seeded machine models (8 of the demo builder, 1 of the other) and machines: 60 of the demo builder, most of
 * them installed at 8 of its customers, the rest in stock; one of the other builder. `extraMachines` adds a
 * large fleet (the `?demo-seed=large` demo). Gateways are attached by the shared seed. Deterministic for `now`.
 * Every machine with a LAN gets its tunnel subnet, in order from the pool's start (issue 34); the lab's two machines
 * (src/seed/lab.ts) share the LAN 192.168.0.0/24.
 */
import { cidrText, nextTunnelBlock, parseCidr, type Cidr } from '@/contracts/tunnel';
import { LAB_LAN, LAB_MACHINE_IDS } from '@/seed/lab';
import { DAY, DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import type { CustomerRecord } from '@/seed/customers/records';
import type { MachineModelRecord, MachineRecord } from './records';

type ModelSpec = Pick<MachineModelRecord, 'name' | 'manufacturer' | 'category' | 'description' | 'services'> & {
  /** How the model's machines are named: "IH-450 #01". */
  short: string;
};

const MANUFACTURER = 'Oliveira Automação';

const MODEL_SPECS: ModelSpec[] = [
  {
    name: 'Injetora IH-450',
    short: 'IH-450',
    manufacturer: MANUFACTURER,
    category: 'Injeção plástica',
    description: 'Injetora horizontal de 450 t com CLP Siemens S7-1500 e IHM web.',
    services: [
      { name: 'IHM web', protocol: 'https', port: 443 },
      { name: 'CLP S7', protocol: 's7', port: 102 },
    ],
  },
  {
    name: 'Envasadora EV-12',
    short: 'EV-12',
    manufacturer: MANUFACTURER,
    category: 'Envase',
    description: 'Envasadora rotativa de 12 bicos com painel VNC.',
    services: [
      { name: 'Painel VNC', protocol: 'vnc', port: 5900 },
      { name: 'Modbus', protocol: 'modbus-tcp', port: 502 },
    ],
  },
  {
    name: 'Centro de Usinagem CU-800',
    short: 'CU-800',
    manufacturer: MANUFACTURER,
    category: 'Usinagem CNC',
    description: 'Centro vertical de 3 eixos com comando Fanuc e estação Windows.',
    services: [
      { name: 'Estação de engenharia', protocol: 'rdp', port: 3389 },
      { name: 'SSH de manutenção', protocol: 'ssh', port: 22 },
    ],
  },
  {
    name: 'Forno Contínuo FC-30',
    short: 'FC-30',
    manufacturer: MANUFACTURER,
    category: 'Tratamento térmico',
    description: 'Forno a gás de 30 m com supervisório próprio.',
    services: [{ name: 'Supervisório', protocol: 'http', port: 8080 }],
  },
  {
    name: 'Extrusora EX-90',
    short: 'EX-90',
    manufacturer: MANUFACTURER,
    category: 'Extrusão',
    description: 'Extrusora monorosca de 90 mm para tubos e perfis, CLP Allen-Bradley.',
    services: [
      { name: 'IHM web', protocol: 'http', port: 80 },
      { name: 'Modbus', protocol: 'modbus-tcp', port: 502 },
    ],
  },
  {
    name: 'Prensa Hidráulica PH-200',
    short: 'PH-200',
    manufacturer: MANUFACTURER,
    category: 'Conformação',
    description: 'Prensa hidráulica de 200 t com cortina de luz e painel touch.',
    services: [{ name: 'Painel VNC', protocol: 'vnc', port: 5900 }],
  },
  {
    name: 'Rotuladora RT-6',
    short: 'RT-6',
    manufacturer: MANUFACTURER,
    category: 'Embalagem',
    description: 'Rotuladora linear de 6 000 frascos/h com inspeção por câmera.',
    services: [
      { name: 'IHM web', protocol: 'https', port: 443 },
      { name: 'SSH de manutenção', protocol: 'ssh', port: 22 },
    ],
  },
  {
    name: 'Caldeira Compacta CC-5',
    short: 'CC-5',
    manufacturer: MANUFACTURER,
    category: 'Utilidades',
    description: 'Caldeira flamotubular de 5 t/h de vapor com supervisório remoto.',
    services: [
      { name: 'Supervisório', protocol: 'http', port: 8080 },
      { name: 'Estação de engenharia', protocol: 'rdp', port: 3389 },
    ],
  },
];

const SITES = ['Galpão 1', 'Galpão 2', 'Linha A', 'Linha B', 'Setor de envase', 'Ferramentaria', 'Utilidades'];
/** How many of the demo builder's first customers have machines installed. */
export const CUSTOMERS_WITH_MACHINES = 8;
export const SEEDED_MACHINES = 60;

export function seedMachineModels(now: number): MachineModelRecord[] {
  const models: MachineModelRecord[] = MODEL_SPECS.map(({ short: _short, ...model }, index) => {
    const createdAt = now - (300 - index * 15) * DAY;
    return { ...model, id: `machine-model-${1001 + index}`, ownerUid: DEMO_CUSTOMER_UID, createdAt, version: 1, updatedAt: createdAt };
  });
  models.push({
    id: 'machine-model-1101',
    ownerUid: OTHER_ASSEMBLER_UID,
    name: 'Pasteurizador PT-5',
    manufacturer: 'Serra Equipamentos',
    category: 'Laticínios',
    description: 'Pasteurizador de placas 5 000 L/h.',
    services: [{ name: 'IHM', protocol: 'vnc', port: 5900 }],
    createdAt: now - 80 * DAY,
    version: 1,
    updatedAt: now - 80 * DAY,
  });
  return models;
}

function shortName(model: MachineModelRecord | undefined): string {
  return MODEL_SPECS.find((spec) => spec.name === model?.name)?.short ?? 'Máquina';
}

/**
 * The demo builder's 60 machines (54 at its first 8 customers, 6 in stock), the other builder's one and
 * `extraMachines` more at the same 8 customers. No gateway yet (`deviceId` null).
 */
export function seedMachines(
  now: number,
  customers: readonly CustomerRecord[],
  models: readonly MachineModelRecord[],
  extraMachines = 0,
): MachineRecord[] {
  const own = customers.filter((customer) => customer.ownerUid === DEMO_CUSTOMER_UID).slice(0, CUSTOMERS_WITH_MACHINES);
  const ownModels = models.filter((model) => model.ownerUid === DEMO_CUSTOMER_UID);
  const perModel = new Map<string, number>();
  const machines: MachineRecord[] = [];
  for (let i = 0; i < SEEDED_MACHINES; i += 1) {
    const model = ownModels[(i * 3 + Math.floor(i / 8)) % ownModels.length];
    const count = (perModel.get(model?.id ?? '') ?? 0) + 1;
    perModel.set(model?.id ?? '', count);
    const createdAt = now - (250 - i * 4) * DAY;
    machines.push({
      id: `machine-${1001 + i}`,
      ownerUid: DEMO_CUSTOMER_UID,
      name: `${shortName(model)} #${String(count).padStart(2, '0')}`,
      serialNumber: `OA-${2022 + (i % 4)}-${String(1000 + i * 13)}`,
      modelId: model?.id ?? 'machine-model-1001',
      customerId: i < 54 ? (own[(i * 5) % own.length]?.id ?? null) : null,
      deviceId: null,
      site: SITES[i % SITES.length] ?? 'Galpão 1',
      lanSubnet: LAB_MACHINE_IDS.includes(`machine-${1001 + i}`) ? LAB_LAN : `192.168.${10 + i}.0/24`,
      services: (model?.services ?? []).map((service) => ({ ...service })),
      createdAt,
      version: 1,
      updatedAt: createdAt,
    });
  }
  machines.push({
    id: 'machine-1101',
    ownerUid: OTHER_ASSEMBLER_UID,
    name: 'PT-5 Pouso Alegre',
    serialNumber: 'SE-2024-0007',
    modelId: 'machine-model-1101',
    customerId: 'customer-1101',
    deviceId: null,
    site: 'Sala de processo',
    lanSubnet: '10.10.5.0/24',
    services: [{ name: 'IHM', protocol: 'vnc', port: 5900 }],
    createdAt: now - 70 * DAY,
    version: 1,
    updatedAt: now - 70 * DAY,
  });
  for (let i = 0; i < extraMachines; i += 1) {
    const model = ownModels[i % ownModels.length];
    const createdAt = now - (i % 365) * DAY;
    machines.push({
      id: `machine-${20001 + i}`,
      ownerUid: DEMO_CUSTOMER_UID,
      name: `${shortName(model)} #${String(i + 1).padStart(5, '0')}`,
      serialNumber: `OA-LOTE-${String(i + 1).padStart(6, '0')}`,
      modelId: model?.id ?? 'machine-model-1001',
      customerId: own[i % own.length]?.id ?? null,
      deviceId: null,
      site: SITES[i % SITES.length] ?? 'Galpão 1',
      lanSubnet: `10.${20 + Math.floor(i / 65536)}.${Math.floor(i / 256) % 256}.0/24`,
      services: (model?.services ?? []).map((service) => ({ ...service })),
      createdAt,
      version: 1,
      updatedAt: createdAt,
    });
  }
  return withTunnels(machines);
}

/** Tunnel subnets for every machine with a LAN, each the next block of its size from the pool's start. */
function withTunnels(machines: MachineRecord[]): MachineRecord[] {
  let next: number | null = null;
  for (const machine of machines) {
    const lan = parseCidr(machine.lanSubnet);
    const block: Cidr | null = lan ? nextTunnelBlock(next, lan.prefix) : null;
    machine.tunnelSubnet = block ? cidrText(block.start, block.prefix) : null;
    if (block) next = block.end + 1;
  }
  return machines;
}
