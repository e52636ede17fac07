/**
 * The factory's approval link (issue 25, item 4; src/contracts/factory-approval.ts): the request the link shows and
 * the decision, both public — the token in the path is the credential (config/secret-routes.ts keeps it out of error
 * reports). The page holds the decision's answer itself: nothing to refresh.
 */
import type { FactoryApprovalRequest, FactoryDecisionAnswer, FactoryDecisionInput } from '@/contracts/factory-approval';
import { mainApi } from '@/lib/api/main-api';
import type { Dated } from './types';

const linkPath = (token: string) => `/factory-approval/${encodeURIComponent(token)}`;

export type FactoryApprovalView = Dated<FactoryApprovalRequest>;

export const factoryApprovalApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getFactoryApproval: build.query<FactoryApprovalView, string>({
      query: linkPath,
      keepUnusedDataFor: 0,
    }),
    decideFactoryApproval: build.mutation<FactoryDecisionAnswer, { token: string; input: FactoryDecisionInput }>({
      query: ({ token, input }) => ({ url: `${linkPath(token)}/decision`, method: 'POST', body: input }),
    }),
  }),
});

export const { useGetFactoryApprovalQuery, useDecideFactoryApprovalMutation } = factoryApprovalApi;
