/** The platform rules of a method's create or update (as the demo's `check`). */
import {
  PAYMENT_METHOD_MESSAGES,
  platformDisabledMessage,
  platformNotEnabledMessage,
  type PaymentMethodInput,
} from '@/contracts/payment-method';
import type { Db } from '../../../shared/app-env';
import { ApiError, validationError } from '../../../shared/errors';
import { findPlatformState } from './queries';

/** The platform exists (400); a newly chosen one is enabled (400); an enabled method needs it enabled (409). */
export async function checkPlatform(db: Db, input: PaymentMethodInput, current: { platformId: string } | null): Promise<void> {
  const platform = await findPlatformState(db, input.platformId);
  if (!platform) throw validationError(PAYMENT_METHOD_MESSAGES.platformNotFound, 'platformId');
  const choosing = current === null || current.platformId !== input.platformId;
  if (choosing && !platform.enabled) throw validationError(platformNotEnabledMessage(platform.name), 'platformId');
  if (input.enabled && !platform.enabled) {
    throw new ApiError(409, 'platform-disabled', platformDisabledMessage(platform.name), { field: 'enabled' });
  }
}

/** Enabling: 409 `platform-disabled` while its platform is gone or disabled. */
export async function checkEnable(db: Db, platformId: string): Promise<void> {
  const platform = await findPlatformState(db, platformId);
  if (!platform) throw new ApiError(409, 'platform-disabled', PAYMENT_METHOD_MESSAGES.platformNotFound);
  if (!platform.enabled) throw new ApiError(409, 'platform-disabled', platformDisabledMessage(platform.name));
}
