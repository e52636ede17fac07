import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

/**
 * The RTK Query slices (main and VPN backends) join a store when their code loads, not when the store is made:
 * the sign-in pages paint without RTK Query, and a signed-in screen's chunk brings it (and the endpoints it
 * injects) with it. This module knows no RTK Query code; `app/store` listens and injects.
 */
export interface LoadedApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  util: { resetApiState(): UnknownAction };
}

const loaded: LoadedApi[] = [];
const listeners = new Set<(api: LoadedApi) => void>();

/** Called once by each API module as it is evaluated. */
export function registerApi(api: LoadedApi): void {
  if (loaded.some((known) => known.reducerPath === api.reducerPath)) return;
  loaded.push(api);
  for (const listener of listeners) listener(api);
}

/** `listener` runs for every API already loaded, then for each one that loads later. */
export function onApiLoaded(listener: (api: LoadedApi) => void): void {
  for (const api of loaded) listener(api);
  listeners.add(listener);
}

/** The actions that empty every loaded API's cache (sign-out). An API that never loaded has nothing cached. */
export function resetLoadedApis(): UnknownAction[] {
  return loaded.map((api) => api.util.resetApiState());
}
