import { configureStore, isPlain } from '@reduxjs/toolkit';
import { authReducer } from '@/features/auth/auth-slice';
import { mainApi } from '@/lib/api/main-api';
import { vpnApi } from '@/lib/api/vpn-api';

/** One store per page load (portal or back office); tests make a fresh one per test. */
export function createAppStore() {
  return configureStore({
    reducer: {
      auth: authReducer,
      [mainApi.reducerPath]: mainApi.reducer,
      [vpnApi.reducerPath]: vpnApi.reducer,
    },
    middleware: (getDefault) =>
      getDefault({
        // Dates come from the API boundary ({ seconds, nanos } → Date) and are fine in the cache.
        serializableCheck: { isSerializable: (value: unknown) => isPlain(value) || value instanceof Date },
      }).concat(mainApi.middleware, vpnApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
