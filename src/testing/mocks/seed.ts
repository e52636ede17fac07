/**
 * Seed data of the demo: a Brazilian machine builder (the customer demo account) with its client factories,
 * machine models, machines, gateways, access history, orders and VPN access; a second builder whose records
 * the first must never see; staff data for the back office. Deterministic for a given `now`.
 */
import { cnpjCheckDigits } from '@/contracts/validators/cnpj';
import accounts from '@/config/demo-accounts.json';
import type {
  AddressRecord,
  CustomerRecord,
  DemoData,
  DeviceConnectionRecord,
  DeviceRecord,
  MachineModelRecord,
  MachineRecord,
  OrderRecord,
  ProductRecord,
  VpnNodeRecord,
  VpnRouteRecord,
  VpnUserRecord,
} from './db';

export interface SeedOptions {
  /** Anchor of every seeded date (defaults to now). */
  now?: number;
  /** Extra machines for the large-list demo (e.g. 10 000). */
  extraMachines?: number;
}

const [customerAccount, adminAccount] = accounts.accounts;
export const DEMO_CUSTOMER_UID = customerAccount?.localId ?? 'demo-cliente-maria';
export const DEMO_CUSTOMER_EMAIL = customerAccount?.email ?? 'cliente@example.com';
export const DEMO_ADMIN_UID = adminAccount?.localId ?? 'demo-admin-rafael';
export const DEMO_ADMIN_EMAIL = adminAccount?.email ?? 'admin@example.com';
export const OTHER_ASSEMBLER_UID = 'demo-montadora-serra';

const FACTORY_ADDRESS = {
  label: 'Fábrica',
  cep: '13069-380',
  street: 'Rua Lauro Vannucci',
  number: '1020',
  complement: 'Galpão 3',
  district: 'Jardim Santa Cândida',
  city: 'Campinas',
  uf: 'SP',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function cnpjFromBase(base: string): string {
  return `${base}${cnpjCheckDigits(base)}`;
}

const SETUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function setupCode(random: () => number): string {
  const pick = () => SETUP_ALPHABET[Math.floor(random() * SETUP_ALPHABET.length)] ?? 'X';
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `${group()}-${group()}`;
}

export function buildSeed(options: SeedOptions = {}): DemoData {
  const now = options.now ?? Date.now();
  const random = prng(20260722);
  const maria = DEMO_CUSTOMER_UID;
  const serra = OTHER_ASSEMBLER_UID;

  const customers: CustomerRecord[] = [
    ['Metalúrgica Vale do Aço Ltda', 'Vale do Aço', '31.445.982/0001', 'Ipatinga', 'MG', '(31) 3822-4410'],
    ['Alimentos Serra Gaúcha S.A.', 'Serra Gaúcha Alimentos', '87.120.554/0001', 'Caxias do Sul', 'RS', '(54) 3221-7788'],
    ['Plásticos Paraná Indústria e Comércio Ltda', 'PlastPR', '76.318.002/0001', 'Curitiba', 'PR', '(41) 3346-9021'],
    ['Têxtil Nordeste S.A.', 'Têxtil NE', '07.913.665/0001', 'Fortaleza', 'CE', '(85) 3261-5530'],
    ['Usinagem Campinas Ltda', 'UsiCamp', '12.ABC.345/01DE', 'Campinas', 'SP', '(19) 3295-1180'],
    ['Cerâmica Santa Gertrudes Ltda', 'Cerâmica SG', '54.870.113/0001', 'Santa Gertrudes', 'SP', '(19) 3545-6620'],
  ].map(([name, tradeName, base, city, uf, phone], index) => ({
    id: `customer-${1001 + index}`,
    ownerUid: maria,
    name: name ?? '',
    tradeName: tradeName ?? '',
    cnpj: cnpjFromBase((base ?? '').replace(/[^0-9A-Z]/g, '')),
    email: `compras@${(tradeName ?? '').toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}.exemplo.com.br`,
    phone: phone ?? '',
    city: city ?? '',
    uf: uf ?? '',
    createdAt: now - (200 - index * 20) * DAY,
  }));
  customers.push({
    id: 'customer-1101',
    ownerUid: serra,
    name: 'Laticínios Montanha Ltda',
    tradeName: 'Montanha',
    cnpj: cnpjFromBase('19283746000155'.slice(0, 12)),
    email: 'compras@montanha.exemplo.com.br',
    phone: '(35) 3471-2200',
    city: 'Pouso Alegre',
    uf: 'MG',
    createdAt: now - 90 * DAY,
  });

  const modelSpecs: Array<Omit<MachineModelRecord, 'id' | 'ownerUid' | 'createdAt'>> = [
    {
      name: 'Injetora IH-450',
      manufacturer: 'Oliveira Automação',
      category: 'Injeção plástica',
      description: 'Injetora horizontal de 450 t com CLP Siemens S7-1500 e IHM web.',
      services: [
        { name: 'IHM web', protocol: 'https', port: 443 },
        { name: 'CLP S7', protocol: 's7', port: 102 },
      ],
    },
    {
      name: 'Envasadora EV-12',
      manufacturer: 'Oliveira Automação',
      category: 'Envase',
      description: 'Envasadora rotativa de 12 bicos com painel VNC.',
      services: [
        { name: 'Painel VNC', protocol: 'vnc', port: 5900 },
        { name: 'Modbus', protocol: 'modbus-tcp', port: 502 },
      ],
    },
    {
      name: 'Centro de Usinagem CU-800',
      manufacturer: 'Oliveira Automação',
      category: 'Usinagem CNC',
      description: 'Centro vertical de 3 eixos com comando Fanuc e estação Windows.',
      services: [
        { name: 'Estação de engenharia', protocol: 'rdp', port: 3389 },
        { name: 'SSH de manutenção', protocol: 'ssh', port: 22 },
      ],
    },
    {
      name: 'Forno Contínuo FC-30',
      manufacturer: 'Oliveira Automação',
      category: 'Tratamento térmico',
      description: 'Forno a gás de 30 m com supervisório próprio.',
      services: [{ name: 'Supervisório', protocol: 'http', port: 8080 }],
    },
  ];
  const machineModels: MachineModelRecord[] = modelSpecs.map((model, index) => ({
    ...model,
    id: `machine-model-${1001 + index}`,
    ownerUid: maria,
    createdAt: now - (180 - index * 15) * DAY,
  }));
  machineModels.push({
    id: 'machine-model-1101',
    ownerUid: serra,
    name: 'Pasteurizador PT-5',
    manufacturer: 'Serra Equipamentos',
    category: 'Laticínios',
    description: 'Pasteurizador de placas 5 000 L/h.',
    services: [{ name: 'IHM', protocol: 'vnc', port: 5900 }],
    createdAt: now - 80 * DAY,
  });

  const sites = ['Galpão 1', 'Galpão 2', 'Linha A', 'Linha B', 'Setor de envase', 'Ferramentaria'];
  const hardwareModels = ['Ponte G1 4G', 'Ponte G1 Ethernet', 'Ponte G1 Wi-Fi'];
  const devices: DeviceRecord[] = [];
  const machines: MachineRecord[] = [];
  const machinePlan: Array<[number, number, string]> = [
    [0, 0, 'IH-450 #01'],
    [0, 0, 'IH-450 #02'],
    [1, 1, 'EV-12 Linha 1'],
    [1, 1, 'EV-12 Linha 2'],
    [2, 2, 'PlastPR CU-800'],
    [0, 2, 'IH-450 #03'],
    [2, 3, 'CU-800 Fortaleza'],
    [2, 4, 'CU-800 Campinas A'],
    [2, 4, 'CU-800 Campinas B'],
    [3, 5, 'FC-30 Santa Gertrudes'],
    [3, 0, 'FC-30 Ipatinga'],
    [1, 1, 'EV-12 Linha 3'],
  ];
  machinePlan.forEach(([modelIndex, customerIndex, name], index) => {
    const id = `machine-${1001 + index}`;
    const hasDevice = index < 10;
    const deviceId = hasDevice ? `device-${1001 + index}` : null;
    const statusRoll = random();
    const status = index === 9 ? 'never-connected' : statusRoll < 0.7 ? 'online' : 'offline';
    if (deviceId) {
      devices.push({
        id: deviceId,
        ownerUid: maria,
        serialNumber: `PG1-${String(240311 + index * 7).padStart(6, '0')}`,
        setupCode: setupCode(random),
        name: `Gateway ${name}`,
        hardwareModel: hardwareModels[index % hardwareModels.length] ?? 'Ponte G1 4G',
        firmware: index % 3 === 0 ? '2.4.1' : '2.5.0',
        status,
        lastSeenAt: status === 'never-connected' ? null : now - (status === 'online' ? 2 : 30 + index * 7) * 60_000,
        vpnAddress: status === 'never-connected' ? null : `10.88.${Math.floor(index / 250)}.${(index % 250) + 10}`,
        machineId: id,
        orderId: index < 6 ? 'order-1001' : 'order-1002',
        createdAt: now - (150 - index) * DAY,
      });
    }
    machines.push({
      id,
      ownerUid: maria,
      name,
      serialNumber: `OA-${2023 + (index % 3)}-${String(1000 + index * 13)}`,
      modelId: machineModels[modelIndex]?.id ?? 'machine-model-1001',
      customerId: customers[customerIndex]?.id ?? null,
      deviceId,
      site: sites[index % sites.length] ?? 'Galpão 1',
      lanSubnet: `192.168.${10 + index}.0/24`,
      createdAt: now - (140 - index * 5) * DAY,
    });
  });
  // Gateways delivered but not installed yet (from the latest paid order).
  for (let i = 0; i < 3; i += 1) {
    devices.push({
      id: `device-${1011 + i}`,
      ownerUid: maria,
      serialNumber: `PG1-${String(240411 + i * 3).padStart(6, '0')}`,
      setupCode: setupCode(random),
      name: `Gateway reserva ${i + 1}`,
      hardwareModel: 'Ponte G1 4G',
      firmware: '2.5.0',
      status: 'never-connected',
      lastSeenAt: null,
      vpnAddress: null,
      machineId: null,
      orderId: 'order-1003',
      createdAt: now - 6 * DAY,
    });
  }
  devices.push({
    id: 'device-1101',
    ownerUid: serra,
    serialNumber: 'PG1-250001',
    setupCode: setupCode(random),
    name: 'Gateway Pasteurizador',
    hardwareModel: 'Ponte G1 Ethernet',
    firmware: '2.5.0',
    status: 'online',
    lastSeenAt: now - 60_000,
    vpnAddress: '10.89.0.10',
    machineId: 'machine-1101',
    orderId: null,
    createdAt: now - 70 * DAY,
  });
  machines.push({
    id: 'machine-1101',
    ownerUid: serra,
    name: 'PT-5 Pouso Alegre',
    serialNumber: 'SE-2024-0007',
    modelId: 'machine-model-1101',
    customerId: 'customer-1101',
    deviceId: 'device-1101',
    site: 'Sala de processo',
    lanSubnet: '10.10.5.0/24',
    createdAt: now - 70 * DAY,
  });

  for (let i = 0; i < (options.extraMachines ?? 0); i += 1) {
    const customer = customers[i % 6];
    const model = machineModels[i % 4];
    machines.push({
      id: `machine-${20001 + i}`,
      ownerUid: maria,
      name: `${model?.name.split(' ')[1] ?? 'Máquina'} #${String(i + 1).padStart(5, '0')}`,
      serialNumber: `OA-LOTE-${String(i + 1).padStart(6, '0')}`,
      modelId: model?.id ?? 'machine-model-1001',
      customerId: customer?.id ?? null,
      deviceId: null,
      site: sites[i % sites.length] ?? 'Galpão 1',
      lanSubnet: `10.${20 + Math.floor(i / 65536)}.${Math.floor(i / 256) % 256}.0/24`,
      createdAt: now - (i % 365) * DAY,
    });
  }

  const technicians: Array<[string, string]> = [
    ['Maria Oliveira Santos', 'cliente@example.com'],
    ['Carlos Henrique Prado', 'carlos.prado@oliveira.exemplo.com.br'],
    ['Juliana Nakamura', 'juliana.nakamura@oliveira.exemplo.com.br'],
  ];
  const deviceConnections: DeviceConnectionRecord[] = [];
  devices
    .filter((device) => device.ownerUid === maria && device.status !== 'never-connected')
    .forEach((device, deviceIndex) => {
      for (let k = 0; k < 4; k += 1) {
        const [userName, userEmail] = technicians[(deviceIndex + k) % technicians.length] ?? ['Maria Oliveira Santos', DEMO_CUSTOMER_EMAIL];
        const startedAt = now - (k * 5 + deviceIndex + 1) * DAY + Math.floor(random() * 8) * HOUR;
        const minutes = 12 + Math.floor(random() * 95);
        const ongoing = k === 0 && device.status === 'online' && deviceIndex % 4 === 0;
        deviceConnections.push({
          id: `device-connection-${1001 + deviceConnections.length}`,
          ownerUid: maria,
          deviceId: device.id,
          machineId: device.machineId,
          userName,
          userEmail,
          startedAt: ongoing ? now - 25 * 60_000 : startedAt,
          endedAt: ongoing ? null : startedAt + minutes * 60_000,
          publicIp: `177.${40 + deviceIndex}.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`,
          bytesIn: Math.floor(random() * 80_000_000),
          bytesOut: Math.floor(random() * 12_000_000),
        });
      }
    });

  const addresses: AddressRecord[] = [
    { id: 'address-1001', ownerUid: maria, ...FACTORY_ADDRESS, isDefault: true },
    {
      id: 'address-1002',
      ownerUid: maria,
      label: 'Escritório',
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Conjunto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
      isDefault: false,
    },
  ];
  const factoryAddress = FACTORY_ADDRESS;

  const products: ProductRecord[] = [
    {
      id: 'product-g1-4g',
      name: 'Gateway Ponte G1 4G',
      description: 'Gateway industrial com modem 4G, 2 portas Ethernet e VPN integrada.',
      unitPrice: 189_000,
      active: true,
    },
    {
      id: 'product-g1-eth',
      name: 'Gateway Ponte G1 Ethernet',
      description: 'Gateway industrial com 4 portas Ethernet e VPN integrada.',
      unitPrice: 149_000,
      active: true,
    },
    {
      id: 'product-g1-wifi',
      name: 'Gateway Ponte G1 Wi-Fi',
      description: 'Gateway industrial com Wi-Fi 5, 2 portas Ethernet e VPN integrada.',
      unitPrice: 159_000,
      active: true,
    },
  ];

  const order = (
    id: string,
    number: number,
    ownerUid: string,
    productIndex: number,
    quantity: number,
    status: OrderRecord['status'],
    daysAgo: number,
    paymentMethodId: string,
    deviceIds: string[],
    discountPercent = 0,
  ): OrderRecord => {
    const product = products[productIndex] ?? products[0];
    if (!product) throw new Error('Catálogo de produtos vazio.');
    const subtotal = product.unitPrice * quantity;
    const discount = Math.round((subtotal * discountPercent) / 100);
    const shipping = 4_590;
    return {
      id,
      number,
      ownerUid,
      items: [{ productId: product.id, product: product.name, quantity, unitPrice: product.unitPrice }],
      subtotal,
      discount,
      shipping,
      total: subtotal - discount + shipping,
      status,
      paymentMethodId,
      installments: 1,
      address: factoryAddress,
      trackingCode: status === 'enviado' || status === 'entregue' ? `BR${String(number * 7919).padStart(9, '0')}BR` : null,
      deviceIds,
      createdAt: now - daysAgo * DAY,
      updatedAt: now - Math.max(0, daysAgo - 3) * DAY,
    };
  };
  const orders: OrderRecord[] = [
    order('order-1001', 1001, maria, 0, 6, 'entregue', 160, 'payment-method-pix', devices.slice(0, 6).map((d) => d.id), 5),
    order('order-1002', 1002, maria, 1, 4, 'entregue', 120, 'payment-method-boleto', devices.slice(6, 10).map((d) => d.id)),
    order('order-1003', 1003, maria, 0, 3, 'enviado', 8, 'payment-method-pix', ['device-1011', 'device-1012', 'device-1013']),
    order('order-1004', 1004, maria, 2, 2, 'aguardando-pagamento', 1, 'payment-method-boleto', []),
    order('order-1005', 1005, serra, 1, 1, 'pago', 2, 'payment-method-cartao', []),
  ];

  const vpnUsers: VpnUserRecord[] = [
    ['Carlos Henrique Prado', 'carlos.prado@oliveira.exemplo.com.br', true, now + 60 * DAY, ['machine-1001', 'machine-1002']],
    ['Juliana Nakamura', 'juliana.nakamura@oliveira.exemplo.com.br', true, null, ['machine-1003', 'machine-1004', 'machine-1005']],
    ['Técnico terceirizado — Automax', 'suporte@automax.exemplo.com.br', true, now - 3 * DAY, ['machine-1008']],
    ['Estagiário 2025', 'estagio@oliveira.exemplo.com.br', false, now + 10 * DAY, []],
  ].map(([name, email, enabled, expiresAt, machineIds], index) => ({
    id: `vpn-user-${1001 + index}`,
    ownerUid: maria,
    name: name as string,
    email: email as string,
    enabled: enabled as boolean,
    expiresAt: expiresAt as number | null,
    machineIds: machineIds as string[],
    createdAt: now - (60 - index * 10) * DAY,
  }));

  const vpnNodes: VpnNodeRecord[] = devices
    .filter((device) => device.ownerUid === maria && device.vpnAddress)
    .map((device, index) => ({
      id: `vpn-node-${1001 + index}`,
      ownerUid: maria,
      name: device.name.replace('Gateway ', ''),
      deviceId: device.id,
      vpnAddress: device.vpnAddress ?? '',
      online: device.status === 'online',
      lastHandshakeAt: device.lastSeenAt,
    }));
  const vpnRoutes: VpnRouteRecord[] = vpnNodes.map((node, index) => ({
    id: `vpn-route-${1001 + index}`,
    ownerUid: maria,
    nodeId: node.id,
    network: machines.find((m) => m.deviceId === node.deviceId)?.lanSubnet ?? `192.168.${10 + index}.0/24`,
    description: `Rede da máquina ${node.name}`,
    enabled: true,
  }));

  return {
    version: 1,
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
    devices,
    deviceConnections,
    addresses,
    products,
    orders,
    paymentMethods: [
      { id: 'payment-method-pix', name: 'Pix', kind: 'pix', platformId: 'payment-platform-1001', enabled: true, maxInstallments: 1 },
      { id: 'payment-method-boleto', name: 'Boleto bancário', kind: 'boleto', platformId: 'payment-platform-1001', enabled: true, maxInstallments: 1 },
      { id: 'payment-method-cartao', name: 'Cartão de crédito', kind: 'cartao-credito', platformId: 'payment-platform-1002', enabled: true, maxInstallments: 10 },
    ],
    paymentPlatforms: [
      {
        id: 'payment-platform-1001',
        name: 'Gateway Pix e boleto',
        provider: 'Banco Cora',
        environment: 'producao',
        publicKey: 'pk_live_7f3a9c21',
        secretKey: 'sk_live_demo_4b8e2d91c0a7',
        enabled: true,
      },
      {
        id: 'payment-platform-1002',
        name: 'Cartões',
        provider: 'Pagar.me',
        environment: 'sandbox',
        publicKey: 'pk_test_51c0e88d',
        secretKey: 'sk_test_demo_9d2f6a13e5b8',
        enabled: true,
      },
    ],
    discountRules: [
      { id: 'discount-rule-1001', name: 'Lote de 5 gateways', minQuantity: 5, percent: 5, active: true, validFrom: now - 200 * DAY, validUntil: null },
      { id: 'discount-rule-1002', name: 'Lote de 20 gateways', minQuantity: 20, percent: 12, active: true, validFrom: now - 200 * DAY, validUntil: null },
      { id: 'discount-rule-1003', name: 'Black Friday 2026', minQuantity: 1, percent: 10, active: true, validFrom: now - 2 * DAY, validUntil: now + 8 * DAY },
    ],
    notifications: [
      { id: 'notification-1001', title: 'Novo pedido #1004', message: 'Maria Oliveira Santos fez um pedido de 2 gateways, aguardando pagamento por boleto.', createdAt: now - 20 * 60_000, read: false },
      { id: 'notification-1002', title: 'Pagamento confirmado', message: 'O pedido #1005 foi pago com cartão de crédito.', createdAt: now - 2 * DAY, read: false },
      { id: 'notification-1003', title: 'Acesso VPN expirado', message: 'O acesso de "Técnico terceirizado — Automax" expirou há 3 dias.', createdAt: now - 3 * DAY, read: false },
      { id: 'notification-1004', title: 'Nova montadora cadastrada', message: 'João Pereira Costa cadastrou a empresa Serra Equipamentos.', createdAt: now - 100 * DAY, read: true },
    ],
    vpnUsers,
    vpnNodes,
    vpnRoutes,
    newsletter: [],
    idempotency: {},
    sequences: {},
  };
}
