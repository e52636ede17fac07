/**
 * Remote access's endpoints (issue 25; the routes are src/server/main/routes/remote-access): the account's policy,
 * a request ("Conectar"), the decisions, the profile (only the public key is sent), ending a session, and the lists
 * of Ativos, Solicitações and Histórico. Every write refreshes the sessions and the events: one tag,
 * `remote-access`, with `LIST` (sessions), `EVENTS` and `POLICY`.
 */
import type { Page } from '@/contracts/common';
import {
  remoteAccessEventListQuery,
  remoteAccessSessionListQuery,
  type RemoteAccessEventListQuery,
  type RemoteAccessPolicyInput,
  type RemoteAccessRequestInput,
  type RemoteAccessSessionListQuery,
} from '@/contracts/remote-access';
import { pathWithParams, type RelatedTag } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';
import type {
  RemoteAccessEvent,
  RemoteAccessFilterOptions,
  RemoteAccessPolicyView,
  RemoteAccessProfileView,
  RemoteAccessRequestAnswerView,
  RemoteAccessSession,
} from './types';

const TAG = 'remote-access';
const SESSIONS = { type: TAG, id: 'LIST' } as const satisfies RelatedTag;
const EVENTS = { type: TAG, id: 'EVENTS' } as const satisfies RelatedTag;
const POLICY = { type: TAG, id: 'POLICY' } as const satisfies RelatedTag;

const sessionPath = (id: string) => `/remote-access/session/${encodeURIComponent(id)}`;

/** What a session's step changes: the lists, the events and the session's own page. */
const stepRefreshes = (id: string): RelatedTag[] => [SESSIONS, EVENTS, { type: TAG, id }];

export interface RemoteAccessRequestArgs {
  input: { machineId: string; request: RemoteAccessRequestInput };
  idempotencyKey: string;
}

export const remoteAccessApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getRemoteAccessPolicy: build.query<RemoteAccessPolicyView, void>({
      query: () => '/remote-access/policy',
      providesTags: [POLICY],
    }),
    /** "Acesso remoto" in Configurações (Administrador): over the version shown (`If-Match`; stale → 409). */
    updateRemoteAccessPolicy: build.mutation<RemoteAccessPolicyView, { version: number; input: RemoteAccessPolicyInput }>({
      query: ({ version, input }) => ({
        url: '/remote-access/policy',
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [POLICY]),
    }),
    /** "Gerar acesso": the request (one `Idempotency-Key` per submission, replayed by a retry). */
    requestRemoteAccess: build.mutation<RemoteAccessRequestAnswerView, RemoteAccessRequestArgs>({
      query: ({ input, idempotencyKey }) => ({
        url: `/machine/${encodeURIComponent(input.machineId)}/remote-access`,
        method: 'POST',
        body: input.request,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [SESSIONS, EVENTS]),
    }),
    approveRemoteAccess: build.mutation<RemoteAccessSession, string>({
      query: (id) => ({ url: `${sessionPath(id)}/approve`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => stepRefreshes(id),
    }),
    refuseRemoteAccess: build.mutation<RemoteAccessSession, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${sessionPath(id)}/refuse`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { id }) => stepRefreshes(id),
    }),
    /** The profile: the body is the PUBLIC key the page made; the private key never leaves the page. */
    issueRemoteAccessProfile: build.mutation<RemoteAccessProfileView, { id: string; publicKey: string }>({
      query: ({ id, publicKey }) => ({ url: `${sessionPath(id)}/profile`, method: 'POST', body: { publicKey } }),
      invalidatesTags: (_result, _error, { id }) => stepRefreshes(id),
    }),
    endRemoteAccess: build.mutation<RemoteAccessSession, { id: string; reason?: string }>({
      query: ({ id, reason = '' }) => ({ url: `${sessionPath(id)}/end`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { id }) => stepRefreshes(id),
    }),
    listRemoteAccessSessions: build.query<Page<RemoteAccessSession>, RemoteAccessSessionListQuery>({
      query: (query) => pathWithParams('/remote-access/session', remoteAccessSessionListQuery.toParams(query)),
      providesTags: (result) => [SESSIONS, ...(result?.data ?? []).map((session) => ({ type: TAG, id: session.id }) as const)],
    }),
    getRemoteAccessSession: build.query<RemoteAccessSession, string>({
      query: sessionPath,
      providesTags: (_result, _error, id) => [{ type: TAG, id }],
    }),
    listRemoteAccessEvents: build.query<Page<RemoteAccessEvent>, RemoteAccessEventListQuery>({
      query: (query) => pathWithParams('/remote-access/event', remoteAccessEventListQuery.toParams(query)),
      providesTags: [EVENTS],
    }),
    /** Histórico's "Pessoa" and "Máquina" options: who asked and which machines, in the account's sessions. */
    getRemoteAccessFilterOptions: build.query<RemoteAccessFilterOptions, void>({
      query: () => '/remote-access/filter-options',
      providesTags: [SESSIONS],
    }),
  }),
});

export const {
  useGetRemoteAccessPolicyQuery,
  useUpdateRemoteAccessPolicyMutation,
  useRequestRemoteAccessMutation,
  useApproveRemoteAccessMutation,
  useRefuseRemoteAccessMutation,
  useIssueRemoteAccessProfileMutation,
  useEndRemoteAccessMutation,
  useListRemoteAccessSessionsQuery,
  useGetRemoteAccessSessionQuery,
  useListRemoteAccessEventsQuery,
  useLazyListRemoteAccessEventsQuery,
  useGetRemoteAccessFilterOptionsQuery,
} = remoteAccessApi;
