/**
 * What the portal's checkout may choose from, as the back office configures it: `GET /payment-method` (the enabled
 * methods on enabled platforms; nothing of the platforms) and `GET /discount-rule` (the rules in force now, by
 * minimum quantity). Any signed-in builder may read them.
 *
 * Here, and not in a feature, so the checkout (features/orders) can import it without importing another feature;
 * the endpoints are injected when a screen's chunk imports this module, never in a first load. Both hooks refetch
 * whenever a screen mounts them: a method disabled or a rule changed in the back office shows in the next checkout
 * at once (the server prices every order from the rules in force anyway).
 */
import type { Page } from '@/contracts/common';
import type { DiscountTier } from '@/contracts/discount-rule';
import type { CheckoutPaymentMethod } from '@/contracts/payment-method';
import { mainApi } from '@/lib/api/main-api';

export type { CheckoutPaymentMethod } from '@/contracts/payment-method';
export { discountTierFor, type DiscountTier } from '@/contracts/discount-rule';

export const checkoutOptionsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listCheckoutPaymentMethods: build.query<CheckoutPaymentMethod[], void>({
      query: () => '/payment-method',
      transformResponse: (page: Page<CheckoutPaymentMethod>) => page.data,
      providesTags: [{ type: 'payment-method', id: 'CHECKOUT' }],
    }),
    listDiscountTiers: build.query<DiscountTier[], void>({
      query: () => '/discount-rule',
      transformResponse: (page: Page<DiscountTier>) => page.data,
      providesTags: [{ type: 'discount-rule', id: 'CHECKOUT' }],
    }),
  }),
});

const FRESH = { refetchOnMountOrArgChange: true } as const;

/** The payment methods the checkout offers now (by name). */
export function useCheckoutPaymentMethods() {
  return checkoutOptionsApi.useListCheckoutPaymentMethodsQuery(undefined, FRESH);
}

/** The discount tiers in force now, by minimum quantity (the best one an order reaches applies). */
export function useDiscountTiers() {
  return checkoutOptionsApi.useListDiscountTiersQuery(undefined, FRESH);
}

