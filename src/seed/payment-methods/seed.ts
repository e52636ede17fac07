/** The seeded payment methods: Pix and boleto on the Banco Cora platform, credit card (up to 10×) on Pagar.me. */
import { DAY } from '@/seed/utils';
import { stamp } from '@/seed/stored';
import type { PaymentMethodRecord } from './records';

export function seedPaymentMethods(now: number): PaymentMethodRecord[] {
  const createdAt = now - 400 * DAY;
  return stamp(
    [
      { id: 'payment-method-pix', name: 'Pix', kind: 'pix' as const, platformId: 'payment-platform-1001', enabled: true, maxInstallments: 1, createdAt },
      { id: 'payment-method-boleto', name: 'Boleto bancário', kind: 'boleto' as const, platformId: 'payment-platform-1001', enabled: true, maxInstallments: 1, createdAt },
      { id: 'payment-method-cartao', name: 'Cartão de crédito', kind: 'cartao-credito' as const, platformId: 'payment-platform-1002', enabled: true, maxInstallments: 10, createdAt },
    ],
    now,
  );
}
