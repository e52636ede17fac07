import { mainApi } from '@/lib/api/main-api';
import type { AssemblerRegistration, Me } from './types';

const bearer = (token: string | undefined) => (token ? { Authorization: `Bearer ${token}` } : undefined);

export const authApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /me: name and cnpj. Always refetched; `token` overrides the Authorization header. */
    getMe: build.query<Me, { token?: string } | void>({
      query: (arg) => ({ url: '/me', headers: bearer(arg ? arg.token : undefined) }),
      providesTags: ['me'],
      keepUnusedDataFor: 0,
    }),
    updateMe: build.mutation<Me, { name: string }>({
      query: (body) => ({ url: '/me', method: 'PATCH', body, idempotent: true }),
      invalidatesTags: ['me'],
    }),
    /** POST /assembler: registers the company behind a new account. */
    createAssembler: build.mutation<
      unknown,
      { body: AssemblerRegistration; idempotencyKey: string; token?: string }
    >({
      query: ({ body, idempotencyKey, token }) => ({
        url: '/assembler',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey, ...bearer(token) },
      }),
      invalidatesTags: ['me', 'assembler'],
    }),
  }),
});

/** GET /me, refetched on every mount. */
export function useMe() {
  return authApi.useGetMeQuery(undefined, { refetchOnMountOrArgChange: true });
}

export const { useUpdateMeMutation } = authApi;
