import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineListQuery } from '@/contracts/common';
import { MAX_WAIT_MS, PENDING_FEEDBACK_MS, useListState, type ListState } from '../use-list-state';

const contract = defineListQuery<'name' | 'city', { status: 'active' | 'inactive' }>({
  sortKeys: ['name', 'city'],
  defaultSort: 'name',
  filters: { status: ['active', 'inactive'] },
});

type State = ListState<'name' | 'city', { status: 'active' | 'inactive' }>;

function setup(path = '/items', load?: (query: State['query']) => PromiseLike<unknown> | void) {
  const latest: { current: State | null } = { current: null };
  function Probe() {
    const list = useListState(contract, { load });
    latest.current = list;
    return <pre data-testid="query">{JSON.stringify(list.query)}</pre>;
  }
  const router = createMemoryRouter(
    [
      { path: '/items', element: <Probe /> },
      { path: '/elsewhere', element: null },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const list = () => {
    if (!latest.current) throw new Error('not rendered');
    return latest.current;
  };
  const search = () => router.state.location.search;
  return { router, list, search };
}

/** A loader's answer, settled by the test. */
function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A loader whose every answer the test settles (kept in `answers`, in order). */
function answering(answers: Array<ReturnType<typeof deferred>>) {
  return () => {
    const answer = deferred();
    answers.push(answer);
    return answer.promise;
  };
}

describe('useListState', () => {
  it('reads the defaults from a bare URL', () => {
    const { list } = setup();
    expect(list().query).toEqual({ page: 1, perPage: 20, q: '', sort: 'name', filters: {} });
    expect(list().hasActiveSearch).toBe(false);
  });

  it('falls back on bad params and never throws', () => {
    const { list } = setup('/items?page=abc&perPage=100000&sort=drop&status=deleted&q=%20acme%20');
    expect(list().query).toEqual({ page: 1, perPage: 20, q: 'acme', sort: 'name', filters: {} });
    expect(screen.getByTestId('query')).toBeInTheDocument();
  });

  it('reads a full query', () => {
    const { list } = setup('/items?q=acme&status=active&sort=-city&page=3&perPage=50');
    expect(list().query).toEqual({ page: 3, perPage: 50, q: 'acme', sort: '-city', filters: { status: 'active' } });
    expect(list().hasActiveSearch).toBe(true);
  });

  it('setSearch writes q, resets the page and replaces the history entry', () => {
    const { list, search, router } = setup('/items?page=3&sort=city');
    act(() => list().setSearch('  acme  '));
    expect(search()).toBe('?q=acme&sort=city');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(list().query.page).toBe(1);
    expect(list().query.q).toBe('acme');
  });

  it('loads the new query (as the URL will parse) before the URL changes, and nothing when nothing changes', () => {
    const seen: Array<{ query: State['query']; search: string }> = [];
    const { list, search, router } = setup('/items?sort=city', (query) => {
      seen.push({ query, search: router.state.location.search });
    });
    act(() => list().setPage(2));
    act(() => list().setSearch(' acme '));
    act(() => list().setSearch('acme'));
    expect(seen).toEqual([
      { query: { page: 2, perPage: 20, q: '', sort: 'city', filters: {} }, search: '?sort=city' },
      { query: { page: 1, perPage: 20, q: 'acme', sort: 'city', filters: {} }, search: '?sort=city&page=2' },
    ]);
    expect(search()).toBe('?q=acme&sort=city');
  });

  it('preloadPage loads a page before it is chosen, without changing the URL; not the page shown', () => {
    const loaded: Array<State['query']> = [];
    const { list, search } = setup('/items?sort=city&page=2', (query) => {
      loaded.push(query);
    });
    act(() => list().preloadPage(3));
    act(() => list().preloadPage(2));
    act(() => list().preloadPage(0));
    expect(loaded).toEqual([{ page: 3, perPage: 20, q: '', sort: 'city', filters: {} }]);
    expect(search()).toBe('?sort=city&page=2');
  });

  it('setPage pushes a history entry (the back button returns to the previous page)', async () => {
    const { list, search, router } = setup('/items');
    act(() => list().setPage(2));
    expect(search()).toBe('?page=2');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate(-1));
    expect(list().query.page).toBe(1);
  });

  it('setSort toggles the direction of the same key and starts a new key ascending', () => {
    const { list, search } = setup('/items?page=2');
    act(() => list().setSort('name'));
    expect(list().query.sort).toBe('-name');
    expect(search()).toBe('?sort=-name');
    act(() => list().setSort('name'));
    expect(list().query.sort).toBe('name');
    expect(search()).toBe('');
    act(() => list().setSort('city'));
    expect(list().query.sort).toBe('city');
  });

  it('setFilter sets and removes filters, resets the page and ignores values the contract does not accept', () => {
    const { list, search } = setup('/items?page=4');
    act(() => list().setFilter('status', 'active'));
    expect(search()).toBe('?status=active');
    act(() => list().setPage(2));
    act(() => list().setFilter('status', 'bogus'));
    expect(search()).toBe('');
    act(() => list().setFilter('status', 'inactive'));
    act(() => list().setFilter('status', null));
    expect(list().query.filters).toEqual({});
  });

  it('setFilter keeps any id for an open filter (a customer id), and drops what the parser would drop', () => {
    const open = defineListQuery<'name', { customer: string }>({
      sortKeys: ['name'],
      defaultSort: 'name',
      filters: { customer: 'any' },
    });
    const latest: { current: ListState<'name', { customer: string }> | null } = { current: null };
    function Probe() {
      latest.current = useListState(open);
      return null;
    }
    const router = createMemoryRouter([{ path: '/items', element: <Probe /> }], { initialEntries: ['/items?page=2'] });
    render(<RouterProvider router={router} />);
    act(() => latest.current?.setFilter('customer', 'customer-1001'));
    expect(router.state.location.search).toBe('?customer=customer-1001');
    expect(latest.current?.query.filters).toEqual({ customer: 'customer-1001' });
    act(() => latest.current?.setFilter('customer', 'x'.repeat(65)));
    expect(router.state.location.search).toBe('');
  });

  it('setPerPage resets the page; clearSearch clears q and filters but keeps the sort', () => {
    const { list, search } = setup('/items?q=acme&status=active&sort=-city&page=3');
    act(() => list().setPerPage(50));
    expect(list().query).toMatchObject({ perPage: 50, page: 1 });
    act(() => list().setPerPage(33)); // not a page size: ignored
    expect(list().query.perPage).toBe(50);
    act(() => list().clearSearch());
    expect(list().query).toEqual({ page: 1, perPage: 50, q: '', sort: '-city', filters: {} });
    expect(search()).toBe('?sort=-city&perPage=50');
  });

  it('keeps params the contract does not own', () => {
    const { list, search } = setup('/items?tab=routes&page=2');
    act(() => list().setSearch('x'));
    expect(search()).toBe('?tab=routes&q=x');
  });

  it('does not navigate when nothing changes', () => {
    const { list, router } = setup('/items?page=2');
    const key = router.state.location.key;
    act(() => list().setPage(2));
    act(() => list().setSearch(''));
    expect(router.state.location.key).toBe(key);
  });

  it('clamps a page past the end to the last page, replacing the entry', () => {
    const { list, search, router } = setup('/items?page=9');
    act(() => list().clampPage(undefined)); // total unknown: nothing
    expect(list().query.page).toBe(9);
    act(() => list().clampPage(45));
    expect(list().query.page).toBe(3);
    expect(search()).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => list().clampPage(45)); // in range: nothing
    expect(list().query.page).toBe(3);
    act(() => list().clampPage(0));
    expect(search()).toBe('');
  });

  describe('with a loader that answers (useListLoader)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('shows the new query once the rows are there, and writes the URL after, when the page is idle', async () => {
      const answers: Array<ReturnType<typeof deferred>> = [];
      const { list, search, router } = setup('/items', answering(answers));
      act(() => list().setPage(2));
      expect(answers).toHaveLength(1);
      expect(search()).toBe('');
      expect(list().pending).toBe(false);
      expect(list().query.page).toBe(1);
      await act(async () => answers[0]?.resolve());
      expect(list().query.page).toBe(2);
      expect(list().pending).toBe(false);
      await waitFor(() => expect(search()).toBe('?page=2'));
      expect(router.state.historyAction).toBe('PUSH');
      expect(list().query.page).toBe(2);
    });

    it('a pointer or key press writes the URL at once (a click that leaves the list finds it written)', async () => {
      vi.useFakeTimers();
      const { list, search } = setup('/items', () => Promise.resolve());
      await act(async () => list().setSort('city'));
      expect(list().query.sort).toBe('city');
      expect(search()).toBe('');
      act(() => {
        window.dispatchEvent(new Event('pointerdown'));
      });
      expect(search()).toBe('?sort=city');
    });

    it('the back button before the URL is written drops the write; the list shows the URL again', async () => {
      vi.useFakeTimers();
      const { list, search, router } = setup('/items?page=2', () => Promise.resolve());
      await act(() => router.navigate('/items?page=3'));
      await act(async () => list().setPage(4));
      expect(list().query.page).toBe(4);
      await act(() => router.navigate(-1));
      expect(list().query.page).toBe(2);
      await act(async () => vi.runAllTimers());
      expect(search()).toBe('?page=2');
      expect(list().query.page).toBe(2);
    });

    it('a change made while another is shown but not yet in the URL replaces it, keeping its history entry', async () => {
      vi.useFakeTimers();
      const { list, search, router } = setup('/items', () => Promise.resolve());
      await act(async () => list().setPage(2));
      await act(async () => list().setSearch('acme'));
      expect(list().query).toMatchObject({ page: 1, q: 'acme' });
      expect(search()).toBe('');
      await act(async () => vi.runAllTimers());
      expect(search()).toBe('?q=acme');
      expect(router.state.historyAction).toBe('PUSH');
      await act(async () => list().setPage(1)); // the page shown: nothing to do
      expect(search()).toBe('?q=acme');
    });

    it('says it is loading after a moment, and changes the URL after at most MAX_WAIT_MS anyway', () => {
      vi.useFakeTimers();
      const { list, search } = setup('/items', () => new Promise(() => undefined));
      act(() => list().setSort('city'));
      act(() => vi.advanceTimersByTime(PENDING_FEEDBACK_MS - 1));
      expect(list().pending).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(list().pending).toBe(true);
      expect(search()).toBe('');
      act(() => vi.advanceTimersByTime(MAX_WAIT_MS - PENDING_FEEDBACK_MS));
      expect(search()).toBe('?sort=city');
      expect(list().pending).toBe(false);
    });

    it('a failed request changes the URL too (the screen shows the error)', async () => {
      const { list, search } = setup('/items', () => Promise.reject(new Error('offline')));
      await act(async () => list().setSearch('acme'));
      expect(search()).toBe('?q=acme');
    });

    it('a newer change replaces the one still waiting', async () => {
      const answers: Array<ReturnType<typeof deferred>> = [];
      const { list, search, router } = setup('/items', answering(answers));
      act(() => list().setSearch('ac'));
      act(() => list().setSearch('acme'));
      await act(async () => answers[0]?.resolve());
      expect(search()).toBe('');
      await act(async () => answers[1]?.resolve());
      expect(list().query.q).toBe('acme');
      await waitFor(() => expect(search()).toBe('?q=acme'));
      expect(router.state.historyAction).toBe('REPLACE');
    });

    it('the back button or leaving the screen while waiting drops the change', async () => {
      const answers: Array<ReturnType<typeof deferred>> = [];
      const { list, search, router } = setup('/items?page=2', answering(answers));
      await act(() => router.navigate('/items?page=3'));
      act(() => list().setPage(4));
      await act(() => router.navigate(-1));
      expect(search()).toBe('?page=2');
      await act(async () => answers[0]?.resolve());
      expect(search()).toBe('?page=2');
      expect(list().pending).toBe(false);

      act(() => list().setPage(5));
      await act(() => router.navigate('/elsewhere'));
      await act(async () => answers[1]?.resolve());
      expect(router.state.location.pathname).toBe('/elsewhere');
    });
  });
});
