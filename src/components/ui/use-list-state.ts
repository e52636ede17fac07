import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAX_SEARCH_LENGTH, type ListQuery, type ListQueryContract, type SortKey } from '@/contracts/common';

export interface ListState<K extends string, F extends Record<string, string>> {
  /** The list query the URL holds; every bad value has already fallen back to its default. */
  query: ListQuery<K, F>;
  /** True when a search text or a filter is set: an empty page then means "Nenhum resultado", not "nenhum cadastrado". */
  hasActiveSearch: boolean;
  /** New search text (trimmed, cut at 100 characters); back to page 1; replaces the history entry (typing). The
   * same text again changes nothing. */
  setSearch: (q: string) => void;
  /** Sorts by `key`, ascending; the same key again toggles the direction (`name` → `-name` → `name`); page 1. */
  setSort: (key: K) => void;
  /**
   * Sets a filter, or removes it with null or ''; back to page 1. Takes any string (a select's value): one the
   * contract does not accept for that filter removes it, as the URL parser would.
   */
  setFilter: <N extends keyof F & string>(name: N, value: F[N] | (string & Record<never, never>) | null) => void;
  /** Goes to a page (a new history entry, so the back button returns to the previous page). */
  setPage: (page: number) => void;
  /** Changes the page size; back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Clears the search text and every filter; page 1 (the no-results state's "Limpar busca"). */
  clearSearch: () => void;
  /**
   * When the server says the current page is past the end (`total` known, page > last page), goes to the last page,
   * replacing the history entry (so the back button does not land on the empty page again). A no-op otherwise.
   * DataTable calls it through `onPageOutOfRange`.
   */
  clampPage: (total: number | undefined) => void;
  /**
   * A change is waiting for its rows (see `load`) for longer than `PENDING_FEEDBACK_MS`: the table shows that it
   * is loading (listTableProps passes it on as fetching).
   */
  pending: boolean;
}

export interface ListStateOptions<K extends string, F extends Record<string, string>> {
  /**
   * Starts the request of a list query: `useListLoader(api.endpoints.listX)` (or RTK Query's `usePrefetch`, which
   * returns nothing: the URL then changes at once and the rows follow). Called
   * with the new query before the URL changes, so search, sort, filter and paging do not wait for a render to ask the
   * server. When it returns a promise (useListLoader does), the URL changes once the answer is there (at most
   * `MAX_WAIT_MS` later): the screen then renders once, straight to the new rows, instead of once for the URL (the
   * old rows dimmed) and again for the answer; from `PENDING_FEEDBACK_MS` on, `pending` says it is loading.
   */
  load?: (query: ListQuery<K, F>) => PromiseLike<unknown> | void;
}

/** A change waits this long at most for its rows before the URL changes anyway (the rows then stay dimmed). */
export const MAX_WAIT_MS = 1000;
/** Waiting longer than this for the rows, the list shows that it is loading (quicker answers show no flash). */
export const PENDING_FEEDBACK_MS = 250;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** Same params, whatever their order. */
function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const canonical = (params: URLSearchParams) => {
    const copy = new URLSearchParams(params);
    copy.sort();
    return copy.toString();
  };
  return canonical(a) === canonical(b);
}

/**
 * The list query of a screen, kept in the URL (`?q=&sort=&page=&perPage=` and the contract's filters) so that a
 * link, a reload or the back button shows the same list. Params the contract does not own (a tab, say) are kept.
 *
 * ```tsx
 * const list = useListState(customerListQuery, { load: useListLoader(customersApi.endpoints.listCustomers) });
 * const result = useListCustomersQuery(list.query);
 * ```
 */
export function useListState<K extends string, F extends Record<string, string>>(
  contract: ListQueryContract<K, F>,
  options: ListStateOptions<K, F> = {},
): ListState<K, F> {
  const { load } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => contract.parse(searchParams), [contract, searchParams]);

  // The change waiting for its rows (a newer one, another URL or leaving the screen drops it), and the URL it
  // started from.
  const waiting = useRef<{ ticket: number; timers: ReturnType<typeof setTimeout>[] }>({ ticket: 0, timers: [] });
  const [pending, setPending] = useState(false);
  const current = useRef(searchParams);
  useLayoutEffect(() => {
    current.current = searchParams;
  }, [searchParams]);
  const stopWaiting = useCallback(() => {
    waiting.current.ticket += 1;
    for (const timer of waiting.current.timers) clearTimeout(timer);
    waiting.current.timers = [];
  }, []);
  useEffect(() => stopWaiting, [stopWaiting]);
  // The URL changed (this change landed, or the back button): nothing of before is waiting any more.
  useEffect(() => setPending(false), [searchParams]);

  const write = useCallback(
    (next: ListQuery<K, F>, replace: boolean) => {
      const params = new URLSearchParams(searchParams);
      // The names the contract owns are rewritten; any other param (a tab, say) stays as it was.
      for (const name of ['q', 'page', 'perPage', 'sort', ...Object.keys(contract.filters)]) params.delete(name);
      for (const [name, value] of contract.toParams(next)) params.set(name, value);
      stopWaiting();
      // Nothing changed (the same page clicked twice): no navigation, no duplicate history entry.
      if (sameParams(params, searchParams)) {
        setPending(false);
        return;
      }
      // The request leaves now, before the route renders again with the new URL; the list's query hook then finds
      // it in flight or answered (the same arguments as the URL will parse to).
      const answer = load?.(contract.parse(params));
      if (!isThenable(answer)) {
        setSearchParams(params, { replace });
        return;
      }
      const ticket = waiting.current.ticket;
      const from = searchParams;
      const land = (sync: boolean) => {
        if (waiting.current.ticket !== ticket) return;
        stopWaiting();
        if (current.current !== from) {
          setPending(false); // the URL moved on meanwhile (the back button): this change is dropped
          return;
        }
        // With the rows there, one synchronous render shows them (not a transition the router would time-slice).
        setSearchParams(params, { replace, flushSync: sync });
      };
      waiting.current.timers = [
        setTimeout(() => setPending(true), PENDING_FEEDBACK_MS),
        setTimeout(() => land(false), MAX_WAIT_MS),
      ];
      answer.then(
        () => land(true),
        () => land(false),
      );
    },
    [contract, load, searchParams, setSearchParams, stopWaiting],
  );

  const setSearch = useCallback(
    (text: string) => {
      const q = text.trim().slice(0, MAX_SEARCH_LENGTH);
      // The same search again (Enter on an unchanged box) keeps the page.
      if (q !== query.q) write({ ...query, q, page: 1 }, true);
    },
    [query, write],
  );

  const setSort = useCallback(
    (key: K) => {
      const sort: SortKey<K> = query.sort === key ? `-${key}` : key;
      write({ ...query, sort, page: 1 }, false);
    },
    [query, write],
  );

  const setFilter = useCallback(
    <N extends keyof F & string>(name: N, value: F[N] | (string & Record<never, never>) | null) => {
      // Accepted as the URL parser would accept it: a closed set's value, or any id for an open ('any') filter.
      const keep =
        value !== null && value !== '' && contract.parse(new URLSearchParams([[name, value]])).filters[name] === value;
      const filters = Object.fromEntries(
        Object.entries(query.filters).filter(([key]) => key !== name),
      ) as Partial<F>;
      if (keep) filters[name] = value as F[N];
      write({ ...query, filters, page: 1 }, false);
    },
    [contract, query, write],
  );

  const setPage = useCallback(
    (page: number) => {
      if (!Number.isInteger(page) || page < 1) return;
      write({ ...query, page }, false);
    },
    [query, write],
  );

  const setPerPage = useCallback(
    (perPage: number) => {
      // Only sizes the contract accepts: anything else would parse back to the default anyway.
      if (contract.parse(new URLSearchParams({ perPage: String(perPage) })).perPage !== perPage) return;
      write({ ...query, perPage, page: 1 }, false);
    },
    [contract, query, write],
  );

  const clearSearch = useCallback(() => write({ ...query, q: '', filters: {}, page: 1 }, false), [query, write]);

  const clampPage = useCallback(
    (total: number | undefined) => {
      if (total === undefined || !Number.isFinite(total) || total < 0) return;
      const last = Math.max(1, Math.ceil(total / query.perPage));
      if (query.page > last) write({ ...query, page: last }, true);
    },
    [query, write],
  );

  const hasActiveSearch = query.q !== '' || Object.values(query.filters).some((value) => typeof value === 'string' && value !== '');

  return useMemo(
    () => ({ query, hasActiveSearch, setSearch, setSort, setFilter, setPage, setPerPage, clearSearch, clampPage, pending }),
    [query, hasActiveSearch, setSearch, setSort, setFilter, setPage, setPerPage, clearSearch, clampPage, pending],
  );
}
