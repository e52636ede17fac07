import type { Dispatch } from '@reduxjs/toolkit';
import type { Page } from '@/contracts/common';
import {
  backofficeMachineListQuery,
  vpnNodeListQuery,
  vpnRouteListQuery,
  vpnUserConfigFileName,
  vpnUserListQuery,
  type BackofficeMachine,
  type VpnNode,
  type VpnNodeListQuery,
  type VpnRoute,
  type VpnRouteInput,
  type VpnRouteListQuery,
  type VpnUser,
  type VpnUserInput,
  type VpnUserListQuery,
} from '@/contracts/vpn';
import { mainApi } from '@/lib/api/main-api';
import { vpnApi } from '@/lib/api/vpn-api';
import { filenameFromContentDisposition } from '@/lib/download';

const withParams = (path: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

const user = (id: string) => `/vpn-user/${encodeURIComponent(id)}`;
const route = (id: string) => `/vpn-route/${encodeURIComponent(id)}`;

/** How many options a picker loads at once; more are reached by searching. */
export const OPTIONS_PAGE = 100;

/** The VPN user's client configuration, ready to be saved. */
export interface VpnConfigFile {
  filename: string;
  content: string;
}

/**
 * The main backend counts VPN users (the back-office dashboard's "active" and "expiring in 7 days"): the two APIs
 * share no tags, so a change of VPN users here invalidates the main API's 'vpn' data on purpose, once it succeeded.
 */
async function refreshMainApiVpnData({ dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
  } catch {
    return; // nothing changed
  }
  dispatch(mainApi.util.invalidateTags(['vpn']));
}

const USER_LIST = { type: 'vpn-user', id: 'LIST' } as const;
const NODE_LIST = { type: 'vpn-node', id: 'LIST' } as const;
const ROUTE_LIST = { type: 'vpn-route', id: 'LIST' } as const;

export const backofficeVpnApi = vpnApi.injectEndpoints({
  endpoints: (build) => ({
    // ---- users ----
    listVpnUsers: build.query<Page<VpnUser>, VpnUserListQuery>({
      query: (query) => withParams('/vpn-user', vpnUserListQuery.toParams(query)),
      providesTags: (result) => [USER_LIST, ...(result?.data ?? []).map((item) => ({ type: 'vpn-user' as const, id: item.id }))],
    }),
    getVpnUser: build.query<VpnUser, string>({
      query: user,
      providesTags: (_result, _error, id) => [{ type: 'vpn-user', id }],
    }),
    /** POST /vpn-user. The key stays the same across retries of one submission: a retry never makes two. */
    createVpnUser: build.mutation<VpnUser, { input: VpnUserInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/vpn-user',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [USER_LIST]),
      onQueryStarted: (_arg, api) => refreshMainApiVpnData(api),
    }),
    /** PUT /vpn-user/:id over the version the form was loaded with (`If-Match`); a newer one answers 409. */
    updateVpnUser: build.mutation<VpnUser, { id: string; version: number; input: VpnUserInput }>({
      query: ({ id, version, input }) => ({ url: user(id), method: 'PUT', body: input, headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [USER_LIST, { type: 'vpn-user', id }]),
      // A new expiry changes who counts as active or expiring.
      onQueryStarted: (_arg, api) => refreshMainApiVpnData(api),
    }),
    /** POST /vpn-user/:id/enable | disable: the same call twice changes nothing, so it is retried like a query. */
    setVpnUserEnabled: build.mutation<VpnUser, { id: string; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: `${user(id)}/${enabled ? 'enable' : 'disable'}`, method: 'POST', idempotent: true }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [USER_LIST, { type: 'vpn-user', id }]),
      onQueryStarted: (_arg, api) => refreshMainApiVpnData(api),
    }),
    deleteVpnUser: build.mutation<void, string>({
      query: (id) => ({ url: user(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [USER_LIST]),
      onQueryStarted: (_arg, api) => refreshMainApiVpnData(api),
    }),
    /**
     * GET /vpn-user/:id/config: the WireGuard client configuration, with the bearer token like every call (never a
     * token in a URL). A mutation, so the file is not kept in the cache; retried on 5xx and network errors (a GET).
     */
    downloadVpnUserConfig: build.mutation<VpnConfigFile, { id: string; name: string }>({
      query: ({ id }) => ({
        url: `${user(id)}/config`,
        method: 'GET',
        headers: { Accept: 'text/plain' },
        responseHandler: 'content-type',
        idempotent: true,
      }),
      transformResponse: (content: unknown, meta, { name }) => {
        const headers = (meta as { response?: Response } | undefined)?.response?.headers;
        return {
          filename: filenameFromContentDisposition(headers?.get('Content-Disposition')) ?? vpnUserConfigFileName(name),
          content: typeof content === 'string' ? content : String(content ?? ''),
        };
      },
    }),

    // ---- nodes ----
    listVpnNodes: build.query<Page<VpnNode>, VpnNodeListQuery>({
      query: (query) => withParams('/vpn-node', vpnNodeListQuery.toParams(query)),
      providesTags: (result) => [NODE_LIST, ...(result?.data ?? []).map((item) => ({ type: 'vpn-node' as const, id: item.id }))],
    }),
    /** The route form's node options: the first 100 by name matching `q`. */
    listVpnNodeOptions: build.query<Page<VpnNode>, string>({
      query: (q) => withParams('/vpn-node', vpnNodeListQuery.toParams({ page: 1, perPage: OPTIONS_PAGE, q, sort: 'name', filters: {} })),
      providesTags: [NODE_LIST],
    }),

    // ---- routes ----
    listVpnRoutes: build.query<Page<VpnRoute>, VpnRouteListQuery>({
      query: (query) => withParams('/vpn-route', vpnRouteListQuery.toParams(query)),
      providesTags: (result) => [ROUTE_LIST, ...(result?.data ?? []).map((item) => ({ type: 'vpn-route' as const, id: item.id }))],
    }),
    createVpnRoute: build.mutation<VpnRoute, { input: VpnRouteInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/vpn-route',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      // A node's route count changes too.
      invalidatesTags: (_result, error) => (error ? [] : [ROUTE_LIST, NODE_LIST]),
    }),
    updateVpnRoute: build.mutation<VpnRoute, { id: string; version: number; input: VpnRouteInput }>({
      query: ({ id, version, input }) => ({ url: route(id), method: 'PUT', body: input, headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [ROUTE_LIST, NODE_LIST, { type: 'vpn-route', id }]),
    }),
    setVpnRouteEnabled: build.mutation<VpnRoute, { id: string; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: `${route(id)}/${enabled ? 'enable' : 'disable'}`, method: 'POST', idempotent: true }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [ROUTE_LIST, { type: 'vpn-route', id }]),
    }),
    deleteVpnRoute: build.mutation<void, string>({
      query: (id) => ({ url: route(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [ROUTE_LIST, NODE_LIST]),
    }),
  }),
});

/** The main backend's staff view of every builder's machines, for the VPN user's "Máquinas". */
export const backofficeMachinesApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listBackofficeMachineOptions: build.query<Page<BackofficeMachine>, string>({
      query: (q) =>
        withParams(
          '/backoffice/machine',
          backofficeMachineListQuery.toParams({ page: 1, perPage: OPTIONS_PAGE, q, sort: 'name', filters: {} }),
        ),
      providesTags: [{ type: 'machine', id: 'LIST' }],
    }),
  }),
});

export const {
  useListVpnUsersQuery,
  useGetVpnUserQuery,
  useLazyGetVpnUserQuery,
  useCreateVpnUserMutation,
  useUpdateVpnUserMutation,
  useSetVpnUserEnabledMutation,
  useDeleteVpnUserMutation,
  useDownloadVpnUserConfigMutation,
  useListVpnNodesQuery,
  useListVpnNodeOptionsQuery,
  useListVpnRoutesQuery,
  useCreateVpnRouteMutation,
  useUpdateVpnRouteMutation,
  useSetVpnRouteEnabledMutation,
  useDeleteVpnRouteMutation,
} = backofficeVpnApi;

export const { useListBackofficeMachineOptionsQuery } = backofficeMachinesApi;
