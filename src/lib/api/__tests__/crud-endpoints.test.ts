import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import type { Page } from '@/contracts/common';
import { crudEndpoints, type CrudSpec } from '../crud-endpoints';
import { mainApi } from '../main-api';

interface Probe {
  id: string;
  parentId: string;
}

/** The definitions crudEndpoints builds for a spec, taken from a real builder (nothing is injected). */
function define(spec: CrudSpec<{ q: string }, Probe>) {
  let defs: ReturnType<typeof crudEndpoints<Probe, { name: string }, { q: string }, { name?: string }>> | undefined;
  mainApi.injectEndpoints({
    endpoints: (build) => {
      defs = crudEndpoints<Probe, { name: string }, { q: string }, { name?: string }>(build, spec);
      return {};
    },
  });
  if (!defs) throw new Error('endpoints not built');
  return defs;
}

/** A definition's tags for one outcome, whether it declares them as a list or as a function. */
function tagsOf<R, A>(
  description:
    | readonly unknown[]
    | ((result: R | undefined, error: FetchBaseQueryError | undefined, arg: A, meta: object) => readonly unknown[])
    | undefined,
  result: R | undefined,
  error: FetchBaseQueryError | undefined,
  arg: A,
) {
  return typeof description === 'function' ? description(result, error, arg, {}) : description;
}

const BASE = {
  tag: 'payment-method',
  path: '/probe',
  listParams: ({ q }) => new URLSearchParams(q ? { q } : {}),
} satisfies CrudSpec<{ q: string }, Probe>;
const CREATE_ARG = { input: { name: 'A' }, idempotencyKey: 'k' };
const UPDATE_ARG = { id: 'p1', version: 1, input: {} };
const LIST = { type: 'payment-method', id: 'LIST' };
const FAILED: FetchBaseQueryError = { status: 500, data: {} };

describe('crudEndpoints', () => {
  it('sends the five requests of the contract', () => {
    const probe = define(BASE);
    expect(probe.list.query?.({ q: '' })).toBe('/probe');
    expect(probe.list.query?.({ q: 'a b' })).toBe('/probe?q=a+b');
    expect(probe.get.query?.('x/1')).toBe('/probe/x%2F1');
    expect(probe.create.query?.({ input: { name: 'A' }, idempotencyKey: 'k1' })).toEqual({
      url: '/probe',
      method: 'POST',
      body: { name: 'A' },
      headers: { 'Idempotency-Key': 'k1' },
      idempotent: true,
    });
    expect(probe.update.query?.({ id: 'p1', version: 3, input: {} })).toEqual({
      url: '/probe/p1',
      method: 'PUT',
      body: {},
      headers: { 'If-Match': '3' },
    });
    expect(probe.remove.query?.('p1')).toEqual({ url: '/probe/p1', method: 'DELETE' });
    expect(probe.one('p 1')).toBe('/probe/p%201');
  });

  it('refreshes only its own tags when the spec names no others', () => {
    const probe = define(BASE);
    const page: Page<Probe> = { data: [{ id: 'p1', parentId: 'x' }], meta: { page: 1, perPage: 20, total: 1 } };
    expect(tagsOf(probe.list.providesTags, page, undefined, { q: '' })).toEqual([
      LIST,
      { type: 'payment-method', id: 'p1' },
    ]);
    expect(tagsOf(probe.create.invalidatesTags, undefined, undefined, CREATE_ARG)).toEqual([LIST]);
    expect(tagsOf(probe.update.invalidatesTags, undefined, undefined, UPDATE_ARG)).toEqual([
      { type: 'payment-method', id: 'p1' },
      LIST,
    ]);
    expect(tagsOf(probe.remove.invalidatesTags, undefined, undefined, 'p1')).toEqual([LIST]);
    expect(tagsOf(probe.remove.invalidatesTags, undefined, FAILED, 'p1')).toEqual([]);
  });

  it('adds the related tags of each write, and a create may name them from the created record', () => {
    const probe = define({
      ...BASE,
      createAlsoRefreshes: (created) => [
        { type: 'payment-platform', id: 'LIST' },
        ...(created ? [{ type: 'payment-platform' as const, id: created.parentId }] : []),
      ],
      updateAlsoRefreshes: [{ type: 'payment-platform' }],
      removeAlsoRefreshes: [{ type: 'device', id: 'LIST' }],
    });
    expect(tagsOf(probe.create.invalidatesTags, { id: 'p1', parentId: 'x' }, undefined, CREATE_ARG)).toEqual([
      LIST,
      { type: 'payment-platform', id: 'LIST' },
      { type: 'payment-platform', id: 'x' },
    ]);
    expect(tagsOf(probe.create.invalidatesTags, undefined, FAILED, CREATE_ARG)).toEqual([
      LIST,
      { type: 'payment-platform', id: 'LIST' },
    ]);
    expect(tagsOf(probe.update.invalidatesTags, undefined, undefined, UPDATE_ARG)).toEqual([
      { type: 'payment-method', id: 'p1' },
      LIST,
      { type: 'payment-platform' },
    ]);
    expect(tagsOf(probe.remove.invalidatesTags, undefined, undefined, 'p1')).toEqual([
      LIST,
      { type: 'device', id: 'LIST' },
    ]);
    expect(tagsOf(probe.remove.invalidatesTags, undefined, FAILED, 'p1')).toEqual([]);
  });

  it('takes a list of related tags for a create too', () => {
    const probe = define({ ...BASE, createAlsoRefreshes: [{ type: 'customer', id: 'LIST' }] });
    expect(tagsOf(probe.create.invalidatesTags, undefined, undefined, CREATE_ARG)).toEqual([
      LIST,
      { type: 'customer', id: 'LIST' },
    ]);
  });

  it('declares a switch of a record over its version, with the tags it names', () => {
    const probe = define(BASE);
    const enable = probe.action('enable', (result, id) => [
      { type: 'payment-method', id },
      ...(result ? [{ type: 'payment-platform' as const, id: result.parentId }] : []),
    ]);
    expect(enable.query?.({ id: 'p/1', version: 4 })).toEqual({
      url: '/probe/p%2F1/enable',
      method: 'POST',
      headers: { 'If-Match': '4' },
    });
    expect(tagsOf(enable.invalidatesTags, { id: 'p1', parentId: 'x' }, undefined, { id: 'p1', version: 4 })).toEqual([
      { type: 'payment-method', id: 'p1' },
      { type: 'payment-platform', id: 'x' },
    ]);
    expect(tagsOf(enable.invalidatesTags, undefined, FAILED, { id: 'p1', version: 4 })).toEqual([
      { type: 'payment-method', id: 'p1' },
    ]);
  });

  it('declares an on/off switch without a version, retried like a query, refreshing only once it succeeded', () => {
    const probe = define(BASE);
    const toggle = probe.toggle((id) => [{ type: 'payment-method', id: 'LIST' }, { type: 'payment-method', id }]);
    expect(toggle.query?.({ id: 'p/1', enabled: true })).toEqual({ url: '/probe/p%2F1/enable', method: 'POST', idempotent: true });
    expect(toggle.query?.({ id: 'p1', enabled: false })).toEqual({ url: '/probe/p1/disable', method: 'POST', idempotent: true });
    expect(tagsOf(toggle.invalidatesTags, undefined, undefined, { id: 'p1', enabled: true })).toEqual([
      LIST,
      { type: 'payment-method', id: 'p1' },
    ]);
    expect(tagsOf(toggle.invalidatesTags, undefined, FAILED, { id: 'p1', enabled: true })).toEqual([]);
  });

  it('tells another API after each write that succeeded, never after one that failed', async () => {
    const told: string[] = [];
    const probe = define({ ...BASE, afterWrite: () => told.push('told') });
    const started = probe.remove.onQueryStarted as unknown as (
      arg: string,
      api: { dispatch: () => void; queryFulfilled: Promise<unknown> },
    ) => Promise<void>;
    await started('p1', { dispatch: () => undefined, queryFulfilled: Promise.resolve({}) });
    await started('p1', { dispatch: () => undefined, queryFulfilled: Promise.reject(new Error('500')) });
    expect(told).toEqual(['told']);
    expect(define(BASE).remove.onQueryStarted).toBeUndefined();
  });
});
