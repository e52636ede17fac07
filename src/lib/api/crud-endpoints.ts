import type { EndpointBuilder } from '@reduxjs/toolkit/query/react';
import type { Page } from '@/contracts/common';
import type { ApiBaseQuery } from './base-query';
import type { MainTag } from './tags';

export type MainEndpointBuilder = EndpointBuilder<ApiBaseQuery, MainTag, 'mainApi'>;

/** A tag of one of the lists: `{ type, id: 'LIST' }`. */
export interface ListTag {
  type: MainTag;
  id: 'LIST';
}

export interface CrudSpec<Query> {
  /** The records' tag (`customer`): each record is `{ type, id }`, the lists `{ type, id: 'LIST' }`. */
  tag: MainTag;
  /** The collection's path (`/customer`); a record is `<path>/<id>`. */
  path: string;
  /** The list query as URL params (the contract's `toParams`). */
  listParams: (query: Query) => URLSearchParams;
  /** Other lists that show these records (machines show their model's name): refreshed after an update. */
  updateAlsoRefreshes?: readonly ListTag[];
}

/**
 * The five endpoints of a collection the backend contract gives every owned resource: a page of the list, one
 * record, a create with an `Idempotency-Key` (the same key for every retry of one submission: a retry never makes
 * two), an update over the version the form was loaded with (`If-Match`; a newer one answers 409), and a delete
 * that refreshes the lists only (the deleted record's page is being left, and refetching it would answer 404).
 *
 * ```ts
 * endpoints: (build) => {
 *   const customers = crudEndpoints<Customer, CustomerInput, CustomerListQuery>(build, { tag: 'customer', ... });
 *   return { listCustomers: customers.list, getCustomer: customers.get, ... };
 * }
 * ```
 */
export function crudEndpoints<T extends { id: string }, Input, Query>(build: MainEndpointBuilder, spec: CrudSpec<Query>) {
  const { tag, path } = spec;
  const one = (id: string) => `${path}/${encodeURIComponent(id)}`;
  const list: ListTag = { type: tag, id: 'LIST' };
  return {
    /** `<path>/<id>`, for the resource's other endpoints. */
    one,
    list: build.query<Page<T>, Query>({
      query: (query) => {
        const params = spec.listParams(query).toString();
        return params ? `${path}?${params}` : path;
      },
      providesTags: (result) => [list, ...(result?.data ?? []).map((record) => ({ type: tag, id: record.id }))],
    }),
    get: build.query<T, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: tag, id }],
    }),
    create: build.mutation<T, { input: Input; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: path,
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: [list],
    }),
    update: build.mutation<T, { id: string; version: number; input: Input }>({
      query: ({ id, version, input }) => ({
        url: one(id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: tag, id }, list, ...(spec.updateAlsoRefreshes ?? [])],
    }),
    remove: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [list]),
    }),
  };
}
