/** The demo database's payment method: see `PaymentMethod` in src/contracts/payment-method.ts. */
import type { PaymentKind } from '@/contracts/commerce';
import type { Stamped } from '@/seed/stored';

export interface PaymentMethodRecord extends Stamped {
  id: string;
  name: string;
  kind: PaymentKind;
  platformId: string;
  enabled: boolean;
  maxInstallments: number;
  createdAt: number;
}
