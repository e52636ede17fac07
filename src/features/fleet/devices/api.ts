import type { Page } from '@/contracts/common';
import {
  deviceConnectionListQuery,
  deviceFileBaseName,
  deviceListQuery,
  type Device,
  type DeviceConnection,
  type DeviceDetail,
  type DeviceListQuery,
  type DeviceSetupLookup,
  type DeviceUpdateInput,
} from '@/contracts/device';
import type { Machine } from '@/contracts/machine';
import { mainApi } from '@/lib/api/main-api';
import { textFileFrom, textFileRequest, type TextFile } from '@/lib/api/text-file';

/** The VPN configuration of a device, ready to be saved. */
export type VpnConfigurationFile = TextFile;

const one = (id: string) => `/device/${encodeURIComponent(id)}`;

const listUrl = (query: DeviceListQuery) => {
  const params = deviceListQuery.toParams(query).toString();
  return params ? `/device?${params}` : '/device';
};

/** Machines the builder can install a device in, as the picker shows them (100 at most; the search narrows). */
export const MACHINES_TO_LINK = 100;

export const devicesApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listDevices: build.query<Page<Device>, DeviceListQuery>({
      query: listUrl,
      providesTags: (result) => [
        { type: 'device', id: 'LIST' },
        ...(result?.data ?? []).map((device) => ({ type: 'device' as const, id: device.id })),
      ],
    }),
    /** The device and its short status history ("Online desde" / "Offline desde"). */
    getDevice: build.query<DeviceDetail, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'device', id }],
    }),
    /** The history of one device, newest first. */
    listDeviceConnections: build.query<Page<DeviceConnection>, { id: string; page: number; perPage: number }>({
      query: ({ id, page, perPage }) => {
        const params = deviceConnectionListQuery
          .toParams({ page, perPage, q: '', sort: deviceConnectionListQuery.defaultSort, filters: {} })
          .toString();
        return `${one(id)}/connections${params ? `?${params}` : ''}`;
      },
      providesTags: (_result, _error, { id }) => [{ type: 'device-connection', id: `device:${id}` }],
    }),
    /** GET /device/setup/:code: the gateway behind a setup code (400 malformed; 404 unknown or another account's, alike). */
    lookupSetupCode: build.query<DeviceSetupLookup, string>({
      query: (code) => `/device/setup/${encodeURIComponent(code)}`,
      providesTags: (result) => (result ? [{ type: 'device', id: result.device.id }] : []),
    }),
    /** POST /device/claim: idempotent by nature (claiming one's own gateway again answers it again). */
    claimDevice: build.mutation<Device, { code: string }>({
      query: (body) => ({ url: '/device/claim', method: 'POST', body, idempotent: true }),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'device', id: 'LIST' },
              { type: 'device', id: result.id },
            ]
          : [],
    }),
    /** PUT /device/:id over the version shown (`If-Match`); a newer one answers 409. */
    updateDevice: build.mutation<Device, { id: string; version: number; input: DeviceUpdateInput }>({
      query: ({ id, version, input }) => ({
        url: one(id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'device', id },
        { type: 'device', id: 'LIST' },
      ],
    }),
    /**
     * PUT /device/:id/machine: links (or changes) the machine, or unlinks with `machineId: null`. A machine that
     * holds another device answers 409 `machine-has-device` unless `move`.
     */
    setDeviceMachine: build.mutation<Device, { id: string; machineId: string | null; move?: boolean }>({
      query: ({ id, machineId, move = false }) => ({
        url: `${one(id)}/machine`,
        method: 'PUT',
        body: { machineId, move },
        idempotent: true,
      }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'device', id },
              { type: 'device', id: 'LIST' },
              { type: 'machine', id: 'LIST' },
            ],
    }),
    /**
     * POST /auth-download?deviceId=: the VPN client configuration, fetched with the bearer token like every call
     * (never a token in a URL). A POST: each download makes the gateway a new WireGuard key pair and revokes the
     * previous one (a leaked file dies with the next download). Retried on 5xx and network errors: a repeat only
     * rotates the keys once more, and the file answered is the one in force.
     */
    downloadVpnConfiguration: build.mutation<VpnConfigurationFile, { id: string; name: string }>({
      query: ({ id }) => textFileRequest(`/auth-download?${new URLSearchParams({ deviceId: id }).toString()}`, 'POST'),
      transformResponse: (content: unknown, meta, { name }) => textFileFrom(content, meta, `${deviceFileBaseName(name)}.conf`),
      // The gateway gets its VPN address with its first configuration.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'device', id }]),
    }),
    /** The builder's machines for the "Vincular máquina" picker. */
    listMachinesToLink: build.query<Page<Machine>, string>({
      query: (q) =>
        `/machine?${new URLSearchParams({ perPage: String(MACHINES_TO_LINK), sort: 'name', ...(q ? { q } : {}) }).toString()}`,
      providesTags: [{ type: 'machine', id: 'LIST' }],
    }),
  }),
});

export const {
  useListDevicesQuery,
  useGetDeviceQuery,
  useListDeviceConnectionsQuery,
  useLookupSetupCodeQuery,
  useClaimDeviceMutation,
  useUpdateDeviceMutation,
  useSetDeviceMachineMutation,
  useDownloadVpnConfigurationMutation,
  useListMachinesToLinkQuery,
} = devicesApi;
