import {
  paymentMethodListQuery,
  type PaymentMethod,
  type PaymentMethodInput,
  type PaymentMethodListQuery,
} from '@/contracts/payment-method';
import {
  paymentPlatformListQuery,
  type PaymentPlatform,
  type PaymentPlatformCreateInput,
  type PaymentPlatformListQuery,
  type PaymentPlatformUpdateInput,
} from '@/contracts/payment-platform';
import { crudEndpoints } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

/** Most platforms the method form's picker lists (a payment operation has a handful). */
export const PLATFORM_PICKER_SIZE = 100;

export const backofficePaymentsApi = mainApi.injectEndpoints({
  endpoints: (build) => {
    const platforms = crudEndpoints<
      PaymentPlatform,
      PaymentPlatformCreateInput,
      PaymentPlatformListQuery,
      PaymentPlatformUpdateInput
    >(build, {
      tag: 'payment-platform',
      path: '/backoffice/payment-platform',
      listParams: (query) => paymentPlatformListQuery.toParams(query),
      // Methods show their platform's name.
      updateAlsoRefreshes: [{ type: 'payment-method', id: 'LIST' }],
    });
    const methods = crudEndpoints<PaymentMethod, PaymentMethodInput, PaymentMethodListQuery>(build, {
      tag: 'payment-method',
      path: '/backoffice/payment-method',
      listParams: (query) => paymentMethodListQuery.toParams(query),
      // A platform lists its methods.
      createAlsoRefreshes: (created) => [
        { type: 'payment-platform', id: 'LIST' },
        ...(created ? [{ type: 'payment-platform' as const, id: created.platformId }] : []),
      ],
      updateAlsoRefreshes: [{ type: 'payment-platform', id: 'LIST' }, { type: 'payment-platform' }],
      removeAlsoRefreshes: [{ type: 'payment-platform', id: 'LIST' }, { type: 'payment-platform' }],
    });
    /** What a platform's switch changes: the platform, the lists, and the methods' list (they show its state). */
    const platformSwitched = (id: string) => [
      { type: 'payment-platform' as const, id },
      { type: 'payment-platform' as const, id: 'LIST' },
      { type: 'payment-method' as const, id: 'LIST' },
    ];
    /** What a method's switch changes: the method, the lists, and its platform's page (it lists its methods). */
    const methodSwitched = (result: PaymentMethod | undefined, id: string) => [
      { type: 'payment-method' as const, id },
      { type: 'payment-method' as const, id: 'LIST' },
      { type: 'payment-platform' as const, id: 'LIST' },
      ...(result ? [{ type: 'payment-platform' as const, id: result.platformId }] : []),
    ];
    return {
      // ---- platforms ----
      listPaymentPlatforms: platforms.list,
      getPaymentPlatform: platforms.get,
      createPaymentPlatform: platforms.create,
      /** PUT over the version the form was loaded with; a blank `secretKey` keeps the stored key. */
      updatePaymentPlatform: platforms.update,
      enablePaymentPlatform: platforms.action('enable', (_result, id) => platformSwitched(id)),
      /** Also disables the platform's enabled methods. */
      disablePaymentPlatform: platforms.action('disable', (result, id) => [
        ...platformSwitched(id),
        ...(result?.methods ?? []).map((method) => ({ type: 'payment-method' as const, id: method.id })),
      ]),
      deletePaymentPlatform: platforms.remove,

      // ---- methods ----
      listPaymentMethods: methods.list,
      getPaymentMethod: methods.get,
      createPaymentMethod: methods.create,
      updatePaymentMethod: methods.update,
      enablePaymentMethod: methods.action('enable', methodSwitched),
      disablePaymentMethod: methods.action('disable', methodSwitched),
      deletePaymentMethod: methods.remove,
    };
  },
});

export const {
  useListPaymentPlatformsQuery,
  useGetPaymentPlatformQuery,
  useLazyGetPaymentPlatformQuery,
  useCreatePaymentPlatformMutation,
  useUpdatePaymentPlatformMutation,
  useEnablePaymentPlatformMutation,
  useDisablePaymentPlatformMutation,
  useDeletePaymentPlatformMutation,
  useListPaymentMethodsQuery,
  useGetPaymentMethodQuery,
  useLazyGetPaymentMethodQuery,
  useCreatePaymentMethodMutation,
  useUpdatePaymentMethodMutation,
  useEnablePaymentMethodMutation,
  useDisablePaymentMethodMutation,
  useDeletePaymentMethodMutation,
} = backofficePaymentsApi;
