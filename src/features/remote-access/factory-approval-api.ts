/**
 * The factory's approval link (issue 25, item 4; src/contracts/factory-approval.ts): the request the link shows and
 * the decision, both public — the link's token is the credential. The page's address carries it
 * (config/secret-routes.ts keeps it out of error reports); the API gets it in the request's body, never in a path
 * (paths are logged). The page holds the decision's answer itself: nothing to refresh.
 */
import type { FactoryApprovalRequest, FactoryDecisionAnswer, FactoryDecisionInput } from '@/contracts/factory-approval';
import { mainApi } from '@/lib/api/main-api';
import type { Dated } from './types';

export type FactoryApprovalView = Dated<FactoryApprovalRequest>;

export const factoryApprovalApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /factory-approval/open `{ token }`: reads only (a query, retried like one). */
    getFactoryApproval: build.query<FactoryApprovalView, string>({
      query: (token) => ({ url: '/factory-approval/open', method: 'POST', body: { token } }),
      keepUnusedDataFor: 0,
    }),
    decideFactoryApproval: build.mutation<FactoryDecisionAnswer, { token: string; input: FactoryDecisionInput }>({
      query: ({ token, input }) => ({ url: '/factory-approval/decision', method: 'POST', body: { token, ...input } }),
    }),
  }),
});

export const { useGetFactoryApprovalQuery, useDecideFactoryApprovalMutation } = factoryApprovalApi;
