/** The demo database's payment platform: see `PaymentPlatform` in src/contracts/payment-platform.ts. */
import type { PaymentEnvironment } from '@/contracts/payment-platform';
import type { Stamped } from '@/seed/stored';

export interface PaymentPlatformRecord extends Stamped {
  id: string;
  name: string;
  provider: string;
  environment: PaymentEnvironment;
  publicKey: string;
  /** Write-only: kept here and never answered; only its last 4 characters are. */
  secretKey: string;
  enabled: boolean;
  createdAt: number;
}
