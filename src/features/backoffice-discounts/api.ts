import type { Page } from '@/contracts/common';
import {
  discountRuleListQuery,
  type DiscountRule,
  type DiscountRuleInput,
  type DiscountRuleListQuery,
} from '@/contracts/discount-rule';
import { mainApi } from '@/lib/api/main-api';

const RULES = '/backoffice/discount-rule';
const ruleUrl = (id: string) => `${RULES}/${encodeURIComponent(id)}`;

const listUrl = (query: DiscountRuleListQuery) => {
  const params = discountRuleListQuery.toParams(query).toString();
  return params ? `${RULES}?${params}` : RULES;
};

/** Activate / deactivate: the version shown travels as `If-Match`, so a stale one answers 409. */
export interface RuleSwitchArgs {
  id: string;
  version: number;
}

const changed = (id: string) => [
  { type: 'discount-rule' as const, id },
  { type: 'discount-rule' as const, id: 'LIST' },
];

export const backofficeDiscountsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listDiscountRules: build.query<Page<DiscountRule>, DiscountRuleListQuery>({
      query: listUrl,
      providesTags: (result) => [
        { type: 'discount-rule', id: 'LIST' },
        ...(result?.data ?? []).map((rule) => ({ type: 'discount-rule' as const, id: rule.id })),
      ],
    }),
    getDiscountRule: build.query<DiscountRule, string>({
      query: ruleUrl,
      providesTags: (_result, _error, id) => [{ type: 'discount-rule', id }],
    }),
    /** POST, with an Idempotency-Key kept across retries of one submission. */
    createDiscountRule: build.mutation<DiscountRule, { input: DiscountRuleInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: RULES,
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: [{ type: 'discount-rule', id: 'LIST' }],
    }),
    updateDiscountRule: build.mutation<DiscountRule, { id: string; version: number; input: DiscountRuleInput }>({
      query: ({ id, version, input }) => ({ url: ruleUrl(id), method: 'PUT', body: input, headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    activateDiscountRule: build.mutation<DiscountRule, RuleSwitchArgs>({
      query: ({ id, version }) => ({ url: `${ruleUrl(id)}/activate`, method: 'POST', headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    deactivateDiscountRule: build.mutation<DiscountRule, RuleSwitchArgs>({
      query: ({ id, version }) => ({ url: `${ruleUrl(id)}/deactivate`, method: 'POST', headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    deleteDiscountRule: build.mutation<void, string>({
      query: (id) => ({ url: ruleUrl(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'discount-rule', id: 'LIST' }]),
    }),
  }),
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
