/** The seeded catalog: the three Ponte G1 gateways and two connectivity plans. */
import { stamp } from '@/seed/stored';
import type { ProductRecord } from './records';

/** Most units of a product one order may carry in the demo (every product has the same limit). */
export const DEMO_STOCK_LIMIT = 50;

export function seedProducts(now: number): ProductRecord[] {
  const rows: Array<Omit<ProductRecord, 'version' | 'updatedAt'>> = [
    {
      id: 'product-g1-4g',
      sku: 'PG1-4G',
      name: 'Gateway Ponte G1 4G',
      description: 'Gateway industrial com modem 4G, 2 portas Ethernet e VPN integrada.',
      kind: 'gateway',
      unitPrice: 189_000,
      stockLimit: DEMO_STOCK_LIMIT,
      hardwareModel: 'Ponte G1 4G',
      image: 'gateway-4g',
      active: true,
    },
    {
      id: 'product-g1-eth',
      sku: 'PG1-ETH',
      name: 'Gateway Ponte G1 Ethernet',
      description: 'Gateway industrial com 4 portas Ethernet e VPN integrada.',
      kind: 'gateway',
      unitPrice: 149_000,
      stockLimit: DEMO_STOCK_LIMIT,
      hardwareModel: 'Ponte G1 Ethernet',
      image: 'gateway-ethernet',
      active: true,
    },
    {
      id: 'product-g1-wifi',
      sku: 'PG1-WIFI',
      name: 'Gateway Ponte G1 Wi-Fi',
      description: 'Gateway industrial com Wi-Fi 5, 2 portas Ethernet e VPN integrada.',
      kind: 'gateway',
      unitPrice: 159_000,
      stockLimit: DEMO_STOCK_LIMIT,
      hardwareModel: 'Ponte G1 Wi-Fi',
      image: 'gateway-wifi',
      active: true,
    },
    {
      id: 'product-plan-12m',
      sku: 'PLN-CON-12',
      name: 'Plano Conectividade 12 meses',
      description: 'Acesso remoto VPN ilimitado para um gateway durante 12 meses, com suporte técnico em horário comercial.',
      kind: 'plan',
      unitPrice: 59_880,
      stockLimit: DEMO_STOCK_LIMIT,
      hardwareModel: null,
      image: 'plan',
      active: true,
    },
    {
      id: 'product-plan-24m',
      sku: 'PLN-CON-24',
      name: 'Plano Conectividade 24 meses',
      description: 'Acesso remoto VPN ilimitado para um gateway durante 24 meses, com suporte técnico em horário comercial.',
      kind: 'plan',
      unitPrice: 107_760,
      stockLimit: DEMO_STOCK_LIMIT,
      hardwareModel: null,
      image: 'plan',
      active: true,
    },
  ];
  return stamp(rows, now);
}
