/**
 * The back office's search (`GET /backoffice/search?q=`): orders, builders and VPN users, at most 5 of each, for the
 * shell's search box. A module of its own, so the shell loads this endpoint and not the dashboard's.
 */
import type { BackofficeSearchResults } from '@/contracts/backoffice-search';
import { mainApi } from '@/lib/api/main-api';

export const backofficeSearchApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    searchBackoffice: build.query<BackofficeSearchResults, string>({
      query: (q) => ({ url: '/backoffice/search', params: { q } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchBackofficeQuery } = backofficeSearchApi;
