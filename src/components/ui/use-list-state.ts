import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { MAX_SEARCH_LENGTH, type ListQuery, type ListQueryContract, type SortKey } from '@/contracts/common';

export interface ListState<K extends string, F extends Record<string, string>> {
  /**
   * The list query shown: the URL's, or a change whose rows are shown before the URL has it (see `load`); every bad
   * value has already fallen back to its default.
   */
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
  /**
   * Starts loading a page the user is about to choose (the pointer on its button, or the focus): by the click its
   * rows are there. Nothing without a loader, or for the page shown.
   */
  preloadPage: (page: number) => void;
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
   * server. When it returns a promise (useListLoader does), the list shows the new query once the answer is there:
   * the screen renders once, straight to the new rows, instead of once for the URL (the old rows dimmed) and again
   * for the answer; the URL is written after they are painted, when the page is idle or at the next pointer or key
   * press. From `PENDING_FEEDBACK_MS` on, `pending` says it is loading; after `MAX_WAIT_MS` (or a failed request) the
   * URL changes anyway and the screen follows it.
   */
  load?: (query: ListQuery<K, F>) => PromiseLike<unknown> | void;
}

/** A change waits this long at most for its rows before the URL changes anyway (the rows then stay dimmed). */
export const MAX_WAIT_MS = 1000;
/** Rows shown before the URL has their query: the URL is written when the page is idle, at the latest this late. */
export const URL_IDLE_TIMEOUT_MS = 200;
/** Waiting longer than this for the rows, the list shows that it is loading (quicker answers show no flash). */
export const PENDING_FEEDBACK_MS = 250;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Runs `run` once the page is idle (after the frame that shows the new rows), or at the next pointer or key press if
 * that comes first: a click that leaves the list then finds the list's URL written, and the back button returns to
 * it. Returns what cancels it.
 */
function whenIdle(run: () => void): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const idle = typeof window.requestIdleCallback === 'function';
  let done = false;
  const cancel = () => {
    done = true;
    if (idle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
    for (const type of events) window.removeEventListener(type, fire, { capture: true });
  };
  const fire = () => {
    if (done) return;
    cancel();
    run();
  };
  const handle = idle ? window.requestIdleCallback(fire, { timeout: URL_IDLE_TIMEOUT_MS }) : window.setTimeout(fire, 0);
  for (const type of events) window.addEventListener(type, fire, { capture: true });
  return cancel;
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
  // A change whose rows are shown before the URL has it (`from`: the URL it was made on). Writing the URL (the
  // history entry and the router's navigation) is left for when the page is idle: the rows are painted first
  // (measured with `npm run bench -- --trace`: ~25 ms of the ~60 ms render after the answer, at 4× CPU). Once the URL
  // has moved (written, or the back button), the URL is what the list shows again.
  const [shown, setShown] = useState<{ params: URLSearchParams; from: URLSearchParams; push: boolean } | null>(null);
  if (shown !== null && shown.from !== searchParams) setShown(null);
  const params = shown !== null && shown.from === searchParams ? shown.params : searchParams;
  const query = useMemo(() => contract.parse(params), [contract, params]);

  // The change waiting for its rows (a newer one, another URL or leaving the screen drops it), and the URL it
  // started from; then the URL write waiting for the page to be idle.
  const waiting = useRef<{ ticket: number; timers: ReturnType<typeof setTimeout>[]; cancelUrl?: () => void }>({ ticket: 0, timers: [] });
  const [pending, setPending] = useState(false);
  const current = useRef(searchParams);
  useLayoutEffect(() => {
    current.current = searchParams;
  }, [searchParams]);
  const stopWaiting = useCallback(() => {
    waiting.current.ticket += 1;
    for (const timer of waiting.current.timers) clearTimeout(timer);
    waiting.current.timers = [];
    waiting.current.cancelUrl?.();
    waiting.current.cancelUrl = undefined;
  }, []);
  useEffect(() => stopWaiting, [stopWaiting]);
  // The URL changed (this change landed, or the back button): nothing of before is waiting any more.
  useEffect(() => setPending(false), [searchParams]);

  const write = useCallback(
    (next: ListQuery<K, F>, replace: boolean) => {
      const nextParams = new URLSearchParams(params);
      // The names the contract owns are rewritten; any other param (a tab, say) stays as it was.
      for (const name of ['q', 'page', 'perPage', 'sort', ...Object.keys(contract.filters)]) nextParams.delete(name);
      for (const [name, value] of contract.toParams(next)) nextParams.set(name, value);
      // A change shown but not yet in the URL is replaced by this one; if that one added a history entry, so does this.
      const push = !replace || (shown !== null && shown.from === searchParams && waiting.current.cancelUrl !== undefined && shown.push);
      stopWaiting();
      // Nothing changed (the same page clicked twice): no navigation, no duplicate history entry.
      if (sameParams(nextParams, params)) {
        setPending(false);
        return;
      }
      // The request leaves now, before the route renders again with the new URL; the list's query hook then finds
      // it in flight or answered (the same arguments as the URL will parse to).
      const answer = load?.(contract.parse(nextParams));
      if (!isThenable(answer)) {
        setShown(null);
        setSearchParams(nextParams, { replace: !push });
        return;
      }
      const ticket = waiting.current.ticket;
      const from = searchParams;
      const land = (answered: boolean) => {
        if (waiting.current.ticket !== ticket) return;
        stopWaiting();
        if (current.current !== from) {
          setPending(false); // the URL moved on meanwhile (the back button): this change is dropped
          return;
        }
        if (!answered) {
          // No rows to show yet (a slow or failed request): the URL changes now, and the screen follows its query.
          setShown(null);
          setSearchParams(nextParams, { replace: !push });
          return;
        }
        // With the rows there, one synchronous render shows them (not a transition that could be time-sliced); the
        // URL follows when the page is idle (back to the URL's own query: nothing to write).
        const back = sameParams(nextParams, from);
        flushSync(() => {
          setShown(back ? null : { params: nextParams, from, push });
          setPending(false);
        });
        if (back) return;
        waiting.current.cancelUrl = whenIdle(() => {
          waiting.current.cancelUrl = undefined;
          if (current.current === from) setSearchParams(nextParams, { replace: !push });
        });
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
    [contract, load, params, searchParams, setSearchParams, shown, stopWaiting],
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

  const preloadPage = useCallback(
    (page: number) => {
      if (!load || !Number.isInteger(page) || page < 1 || page === query.page) return;
      void load({ ...query, page });
    },
    [load, query],
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
    () => ({ query, hasActiveSearch, setSearch, setSort, setFilter, setPage, preloadPage, setPerPage, clearSearch, clampPage, pending }),
    [query, hasActiveSearch, setSearch, setSort, setFilter, setPage, preloadPage, setPerPage, clearSearch, clampPage, pending],
  );
}
