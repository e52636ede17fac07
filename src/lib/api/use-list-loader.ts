import { useCallback } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch } from '@/lib/redux';

/** An RTK Query endpoint, as far as starting one of its requests goes. */
interface StartableEndpoint<Arg> {
  initiate(arg: Arg, options: { subscribe: false }): ThunkAction<PromiseLike<unknown>, unknown, unknown, UnknownAction>;
}

/**
 * Starts a list endpoint's request for a query and gives a promise of its end (answered or failed): `useListState`
 * asks for the next page, sort, filter or search with it before the URL changes, and changes the URL once the answer
 * is there, so the screen renders once, with the new rows. The request is the one the screen's query hook then
 * uses (same arguments); unsubscribed, its cache entry goes after RTK Query's usual delay.
 */
export function useListLoader<Arg>(endpoint: StartableEndpoint<Arg>): (arg: Arg) => PromiseLike<unknown> {
  const dispatch = useAppDispatch();
  return useCallback((arg: Arg) => dispatch(endpoint.initiate(arg, { subscribe: false })), [dispatch, endpoint]);
}
