/**
 * The Termos de Uso the account accepted (src/contracts/terms.ts): `GET /account/terms` → `TermsStatus`;
 * `POST /account/terms { version }` (an Administrador) records the version in force and answers the new status.
 */
import type { TermsAcceptanceInput, TermsStatus } from '@/contracts/terms';
import { mainApi } from '@/lib/api/main-api';

/** The account's acceptance (the company's record: the 'assembler' tag, its own id). */
const TERMS_TAG = { type: 'assembler' as const, id: 'terms' };

export const termsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getTermsStatus: build.query<TermsStatus, void>({
      query: () => '/account/terms',
      providesTags: [TERMS_TAG],
    }),
    acceptTerms: build.mutation<TermsStatus, TermsAcceptanceInput>({
      query: (body) => ({ url: '/account/terms', method: 'POST', body }),
      // The answer is the new status: no second request.
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(termsApi.util.upsertQueryData('getTermsStatus', undefined, data));
      },
    }),
  }),
});

export const { useGetTermsStatusQuery, useAcceptTermsMutation } = termsApi;
