/**
 * Back office → VPN → "Sessões" (main API, staff): every builder's active remote-access sessions, and ending one with
 * a reason (`src/server/main/routes/remote-access/backoffice-routes.ts`).
 */
import type { Page } from '@/contracts/common';
import {
  backofficeRemoteAccessSessionListQuery,
  type BackofficeRemoteAccessSessionListQuery,
  type BackofficeRemoteAccessSessionRecord,
} from '@/contracts/remote-access';
import { pathWithParams } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

/** The record as the page holds it: the shared base query turns every `{ seconds, nanos }` into a `Date`. */
export type BackofficeRemoteAccessSession = Omit<
  BackofficeRemoteAccessSessionRecord,
  'windowStartsAt' | 'windowEndsAt' | 'lastHandshakeAt' | 'decidedAt' | 'endedAt' | 'createdAt' | 'updatedAt'
> & {
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
  lastHandshakeAt: Date | null;
  createdAt: Date;
};

const LIST = { type: 'remote-access', id: 'BACKOFFICE' } as const;

export const backofficeSessionsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listBackofficeRemoteAccessSessions: build.query<Page<BackofficeRemoteAccessSession>, BackofficeRemoteAccessSessionListQuery>({
      query: (query) => pathWithParams('/backoffice/remote-access/session', backofficeRemoteAccessSessionListQuery.toParams(query)),
      providesTags: [LIST],
    }),
    endBackofficeRemoteAccessSession: build.mutation<unknown, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/backoffice/remote-access/session/${encodeURIComponent(id)}/end`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, { type: 'remote-access', id: 'LIST' }, { type: 'remote-access', id: 'EVENTS' }]),
    }),
  }),
});

export const { useEndBackofficeRemoteAccessSessionMutation } = backofficeSessionsApi;
