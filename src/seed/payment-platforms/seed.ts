/** The seeded payment platforms: Pix and boleto at Banco Cora (production), cards at Pagar.me, and a disabled one. */
import { DAY } from '@/seed/utils';
import { stamp } from '@/seed/stored';
import type { PaymentPlatformRecord } from './records';

export function seedPaymentPlatforms(now: number): PaymentPlatformRecord[] {
  return stamp(
    [
      {
        id: 'payment-platform-1001',
        name: 'Gateway Pix e boleto',
        provider: 'Banco Cora',
        environment: 'producao' as const,
        publicKey: 'pk_live_7f3a9c21',
        secretKey: 'sk_live_demo_4b8e2d91c0a7',
        enabled: true,
        createdAt: now - 400 * DAY,
      },
      {
        id: 'payment-platform-1002',
        name: 'Cartões',
        provider: 'Pagar.me',
        environment: 'sandbox' as const,
        publicKey: 'pk_test_51c0e88d',
        secretKey: 'sk_test_demo_9d2f6a13e5b8',
        enabled: true,
        createdAt: now - 400 * DAY,
      },
      {
        id: 'payment-platform-1003',
        name: 'Mercado Pago (avaliação)',
        provider: 'Mercado Pago',
        environment: 'sandbox' as const,
        publicKey: 'APP_USR-pk-3e1b7c55',
        secretKey: 'APP_USR-sk-demo-a61f0b3d72e4',
        enabled: false,
        createdAt: now - 30 * DAY,
      },
    ],
    now,
  );
}
