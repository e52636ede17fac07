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
import { crudEndpoints, pathWithParams, type RelatedTag } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';
import { textFileFrom, textFileRequest, type TextFile } from '@/lib/api/text-file';
import type { VpnTag } from '@/lib/api/tags';
import { vpnApi } from '@/lib/api/vpn-api';

/** How many options a picker loads at once; more are reached by searching. */
export const OPTIONS_PAGE = 100;

/** The VPN user's client configuration, ready to be saved. */
export type VpnConfigFile = TextFile;

/**
 * The main backend counts VPN users (the back-office dashboard's "active" and "expiring in 7 days"): the two APIs
 * share no tags, so a change of VPN users here invalidates the main API's 'vpn' data on purpose, once it succeeded.
 */
const refreshMainApiVpnData = (dispatch: Dispatch) => {
  dispatch(mainApi.util.invalidateTags(['vpn']));
};

const NODE_LIST = { type: 'vpn-node', id: 'LIST' } as const satisfies RelatedTag<VpnTag>;

export const backofficeVpnApi = vpnApi.injectEndpoints({
  endpoints: (build) => {
    const users = crudEndpoints<VpnUser, VpnUserInput, VpnUserListQuery, VpnUserInput, VpnTag, 'vpnApi'>(build, {
      tag: 'vpn-user',
      path: '/vpn-user',
      listParams: (query) => vpnUserListQuery.toParams(query),
      // A new expiry, a switch or a removal changes who counts as active or expiring.
      afterWrite: refreshMainApiVpnData,
    });
    const routes = crudEndpoints<VpnRoute, VpnRouteInput, VpnRouteListQuery, VpnRouteInput, VpnTag, 'vpnApi'>(build, {
      tag: 'vpn-route',
      path: '/vpn-route',
      listParams: (query) => vpnRouteListQuery.toParams(query),
      // A node counts its routes.
      createAlsoRefreshes: [NODE_LIST],
      updateAlsoRefreshes: [NODE_LIST],
      removeAlsoRefreshes: [NODE_LIST],
    });
    return {
      // ---- users ----
      listVpnUsers: users.list,
      getVpnUser: users.get,
      createVpnUser: users.create,
      updateVpnUser: users.update,
      setVpnUserEnabled: users.toggle((id) => [{ type: 'vpn-user', id: 'LIST' }, { type: 'vpn-user', id }]),
      deleteVpnUser: users.remove,
      /**
       * GET /vpn-user/:id/config: the WireGuard client configuration, with the bearer token like every call (never a
       * token in a URL). A mutation, so the file is not kept in the cache; retried on 5xx and network errors (a GET).
       */
      downloadVpnUserConfig: build.mutation<VpnConfigFile, { id: string; name: string }>({
        query: ({ id }) => textFileRequest(`${users.one(id)}/config`, 'GET'),
        transformResponse: (content: unknown, meta, { name }) => textFileFrom(content, meta, vpnUserConfigFileName(name)),
      }),

      // ---- nodes (read-only here) ----
      listVpnNodes: build.query<Page<VpnNode>, VpnNodeListQuery>({
        query: (query) => pathWithParams('/vpn-node', vpnNodeListQuery.toParams(query)),
        providesTags: (result) => [NODE_LIST, ...(result?.data ?? []).map((item) => ({ type: 'vpn-node' as const, id: item.id }))],
      }),
      /** The route form's node options: the first 100 by name matching `q`. */
      listVpnNodeOptions: build.query<Page<VpnNode>, string>({
        query: (q) =>
          pathWithParams('/vpn-node', vpnNodeListQuery.toParams({ page: 1, perPage: OPTIONS_PAGE, q, sort: 'name', filters: {} })),
        providesTags: [NODE_LIST],
      }),

      // ---- routes ----
      listVpnRoutes: routes.list,
      createVpnRoute: routes.create,
      updateVpnRoute: routes.update,
      setVpnRouteEnabled: routes.toggle((id) => [{ type: 'vpn-route', id: 'LIST' }, { type: 'vpn-route', id }]),
      deleteVpnRoute: routes.remove,
    };
  },
});

/** The main backend's staff view of every builder's machines, for the VPN user's "Máquinas". */
export const backofficeMachinesApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listBackofficeMachineOptions: build.query<Page<BackofficeMachine>, string>({
      query: (q) =>
        pathWithParams(
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
