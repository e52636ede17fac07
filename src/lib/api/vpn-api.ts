import { createApi } from '@reduxjs/toolkit/query/react';
import { getEnv } from '@/config/env';
import { registerApi } from './api-registry';
import { createBaseQuery } from './base-query';
import { VPN_TAG_TYPES } from './tags';

/** The VPN backend (users, nodes, routes). Features add endpoints with injectEndpoints. */
export const vpnApi = createApi({
  reducerPath: 'vpnApi',
  baseQuery: createBaseQuery(() => getEnv().vpnApiUrl),
  tagTypes: VPN_TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

registerApi(vpnApi);
