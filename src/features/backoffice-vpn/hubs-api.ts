/**
 * Back office → VPN → "Hubs" (VPN API, staff; issue 34): the WireGuard relays, their status from their own reports,
 * creating and editing one, issuing its credential (the token answered once) and moving a gateway to another hub
 * (`src/server/vpn/routes/hubs/`).
 */
import type { Page } from '@/contracts/common';
import type { HubInput } from '@/entities/hubs/hub-input';
import type { VpnTag } from '@/lib/api/tags';
import { vpnApi } from '@/lib/api/vpn-api';

/** The hub's own health, as it last reported it (`startedAt`: when the hub's process started). */
export interface HubHealth {
  ok: boolean;
  message?: string;
  implementation: string;
  startedAt: Date;
}

/** A hub as the page holds it (the base query turns every `{ seconds, nanos }` into a `Date`). */
export interface Hub {
  id: string;
  name: string;
  region: string;
  endpointHost: string;
  endpointPort: number;
  /** null: the hub has not registered yet (never reported). */
  publicKey: string | null;
  online: boolean;
  lastReportAt: Date | null;
  appliedVersion: string | null;
  health: HubHealth | null;
  peerCount: number;
  gatewayCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}


/** `POST /hub/{id}/credential`: the token is answered only here (the server keeps its hash). */
export interface HubCredential {
  hubId: string;
  token: string;
  issuedAt: Date;
}

/** `POST /hub/{id}/gateway`: the gateway now belongs to `hubId`; `message` says what to do (download its new file). */
export interface HubGatewayMoved {
  deviceId: string;
  hubId: string;
  previousHubId: string | null;
  message: string;
}

const LIST = { type: 'vpn-hub', id: 'LIST' } as const satisfies { type: VpnTag; id: string };
/** A moved gateway changes the nodes' list too (its node's hub). */
const NODE_LIST = { type: 'vpn-node', id: 'LIST' } as const satisfies { type: VpnTag; id: string };

const one = (id: string) => `/hub/${encodeURIComponent(id)}`;

/** Hubs are few (one per region): the list comes whole; a page shape (`meta`) is accepted when the API sends one. */
function toPage(answer: { data: Hub[]; meta?: Page<Hub>['meta'] }): Page<Hub> {
  return { data: answer.data, meta: answer.meta ?? { page: 1, perPage: answer.data.length, total: answer.data.length } };
}

export const hubsApi = vpnApi.injectEndpoints({
  endpoints: (build) => ({
    listHubs: build.query<Page<Hub>, void>({
      query: () => '/hub?perPage=100',
      transformResponse: toPage,
      providesTags: (result) => [LIST, ...(result?.data ?? []).map((hub) => ({ type: 'vpn-hub' as const, id: hub.id }))],
    }),
    getHub: build.query<Hub, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'vpn-hub', id }],
    }),
    createHub: build.mutation<Hub, { input: HubInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/hub',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    updateHub: build.mutation<Hub, { id: string; version: number; input: HubInput }>({
      query: ({ id, version, input }) => ({ url: one(id), method: 'PATCH', body: input, headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'vpn-hub', id }, LIST],
    }),
    issueHubCredential: build.mutation<HubCredential, string>({
      query: (id) => ({ url: `${one(id)}/credential`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'vpn-hub', id }]),
    }),
    moveGatewayToHub: build.mutation<HubGatewayMoved, { hubId: string; deviceId: string }>({
      query: ({ hubId, deviceId }) => ({ url: `${one(hubId)}/gateway`, method: 'POST', body: { deviceId } }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, NODE_LIST]),
    }),
  }),
});

export const {
  useListHubsQuery,
  useLazyGetHubQuery,
  useCreateHubMutation,
  useUpdateHubMutation,
  useIssueHubCredentialMutation,
  useMoveGatewayToHubMutation,
} = hubsApi;
