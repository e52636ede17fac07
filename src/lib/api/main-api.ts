import { createApi } from '@reduxjs/toolkit/query/react';
import { getEnv } from '@/config/env';
import { registerApi } from './api-registry';
import { createBaseQuery } from './base-query';
import { MAIN_TAG_TYPES } from './tags';

/** The main backend. Empty on purpose: features add their endpoints with injectEndpoints. */
export const mainApi = createApi({
  reducerPath: 'mainApi',
  baseQuery: createBaseQuery(() => getEnv().apiUrl),
  tagTypes: MAIN_TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

registerApi(mainApi);
