import { combineSlices, configureStore, createAction, createDynamicMiddleware, isPlain, type Middleware } from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/auth-slice';
import { onApiLoaded } from '@/lib/api/api-registry';
import type { mainApi } from '@/lib/api/main-api';
import type { vpnApi } from '@/lib/api/vpn-api';

/** The API slices, present once their code has loaded (lib/api/api-registry). */
export interface LazyApiSlices {
  mainApi: ReturnType<typeof mainApi.reducer>;
  vpnApi: ReturnType<typeof vpnApi.reducer>;
}

const passThrough: Middleware = () => (next) => (action) => next(action);

/** Dispatched when an API slice joins the store: its state is initialised before any of its hooks reads it. */
const apiJoined = createAction<string>('app/apiJoined');

/**
 * One store per page load (portal or back office); tests make a fresh one per test. It starts with the auth
 * slice only; each RTK Query API adds its reducer and middleware when its module is evaluated, so the sign-in
 * pages never download or run RTK Query.
 */
export function createAppStore({ observe }: { /** Tests: sees every action (the card-never-in-the-store checks). */ observe?: Middleware } = {}) {
  const reducer = combineSlices(authSlice).withLazyLoadedSlices<LazyApiSlices>();
  const apiMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({
        // Dates come from the API boundary ({ seconds, nanos } → Date) and are fine in the cache.
        serializableCheck: { isSerializable: (value: unknown) => isPlain(value) || value instanceof Date },
      })
        .prepend(observe ?? passThrough)
        .concat(apiMiddleware.middleware),
    // RTK Query's answers reach the screens in a task of their own right after the one that received them (what that
    // task's code did with the answer included), not at the next animation frame (RTK's default): there, the render
    // of a list's rows and that frame's layout and paint made one long task (~100 ms at 4× CPU on the first open,
    // `npm run bench`); now they are two.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'timer', timeout: 0 } }),
    // Off in production builds: DevTools' action log would show what the page handles to anyone at the browser.
    devTools: import.meta.env.DEV,
  });
  onApiLoaded((api) => {
    // The registry's shape is the same for both APIs; the key is one of LazyApiSlices by construction.
    reducer.inject({ reducerPath: api.reducerPath as keyof LazyApiSlices, reducer: api.reducer });
    apiMiddleware.addMiddleware(api.middleware);
    store.dispatch(apiJoined(api.reducerPath));
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
