import {
  discountRuleListQuery,
  type DiscountRule,
  type DiscountRuleInput,
  type DiscountRuleListQuery,
} from '@/contracts/discount-rule';
import { crudEndpoints } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

/** What activating or deactivating a rule changes: the rule and the lists. */
const changed = (id: string) => [
  { type: 'discount-rule' as const, id },
  { type: 'discount-rule' as const, id: 'LIST' },
];

export const backofficeDiscountsApi = mainApi.injectEndpoints({
  endpoints: (build) => {
    const rules = crudEndpoints<DiscountRule, DiscountRuleInput, DiscountRuleListQuery>(build, {
      tag: 'discount-rule',
      path: '/backoffice/discount-rule',
      listParams: (query) => discountRuleListQuery.toParams(query),
    });
    return {
      listDiscountRules: rules.list,
      getDiscountRule: rules.get,
      createDiscountRule: rules.create,
      updateDiscountRule: rules.update,
      activateDiscountRule: rules.action('activate', (_result, id) => changed(id)),
      deactivateDiscountRule: rules.action('deactivate', (_result, id) => changed(id)),
      deleteDiscountRule: rules.remove,
    };
  },
});

export const {
  useListDiscountRulesQuery,
  useGetDiscountRuleQuery,
  useLazyGetDiscountRuleQuery,
  useCreateDiscountRuleMutation,
  useUpdateDiscountRuleMutation,
  useActivateDiscountRuleMutation,
  useDeactivateDiscountRuleMutation,
  useDeleteDiscountRuleMutation,
} = backofficeDiscountsApi;
