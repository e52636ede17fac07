import type { Dispatch } from '@reduxjs/toolkit';
import type { EndpointBuilder } from '@reduxjs/toolkit/query/react';
import type { Page } from '@/contracts/common';
import type { ApiBaseQuery } from './base-query';
import type { MainTag } from './tags';

export type MainEndpointBuilder = EndpointBuilder<ApiBaseQuery, MainTag, 'mainApi'>;

/** A tag of one of the lists: `{ type, id: 'LIST' }`. */
export interface ListTag<Tag extends string = MainTag> {
  type: Tag;
  id: 'LIST';
}

/**
 * A tag a write refreshes besides the resource's own: another resource's lists (`{ type, id: 'LIST' }`), one of its
 * records (`{ type, id }`), or everything of that type (`{ type }`: its lists and every record's page).
 */
export interface RelatedTag<Tag extends string = MainTag> {
  type: Tag;
  id?: string;
}

/** The arguments of a record's switch (enable, activate…): the version shown travels as `If-Match`. */
export interface VersionedArgs {
  id: string;
  version: number;
}

/** `path?params`, or the bare path when there are none. */
export function pathWithParams(path: string, params: URLSearchParams): string {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface CrudSpec<Query, T extends { id: string } = { id: string }, Tag extends string = MainTag> {
  /** The records' tag (`customer`): each record is `{ type, id }`, the lists `{ type, id: 'LIST' }`. */
  tag: Tag;
  /** The collection's path (`/customer`); a record is `<path>/<id>`. */
  path: string;
  /** The list query as URL params (the contract's `toParams`). */
  listParams: (query: Query) => URLSearchParams;
  /**
   * Other tags that show the new record (a platform counts its methods): refreshed after a create, besides this
   * resource's lists. A function gets the created record (`undefined` when the create failed).
   */
  createAlsoRefreshes?: readonly RelatedTag<Tag>[] | ((created: T | undefined) => readonly RelatedTag<Tag>[]);
  /** Other tags that show these records (machines show their model's name): refreshed after an update. */
  updateAlsoRefreshes?: readonly RelatedTag<Tag>[];
  /** Other tags that showed the deleted record: refreshed after a delete that succeeded, besides the lists. */
  removeAlsoRefreshes?: readonly RelatedTag<Tag>[];
  /**
   * What another API shows of these records, told after each write that succeeded (create, update, switch,
   * delete): the two APIs share no tags, so the VPN users' writes refresh the main API's `vpn` counts through it.
   */
  afterWrite?: (dispatch: Dispatch) => void;
}

/** Calls `afterWrite` once the write succeeded; a failed write changed nothing. */
function afterSuccess(afterWrite: ((dispatch: Dispatch) => void) | undefined) {
  if (!afterWrite) return {};
  return {
    onQueryStarted: async (_arg: unknown, { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<unknown> }) => {
      try {
        await queryFulfilled;
      } catch {
        return;
      }
      afterWrite(dispatch);
    },
  };
}

/**
 * The five endpoints of a collection the backend contract gives every owned resource: a page of the list, one
 * record, a create with an `Idempotency-Key` (the same key for every retry of one submission: a retry never makes
 * two), an update over the version the form was loaded with (`If-Match`; a newer one answers 409), and a delete
 * that refreshes the lists only (the deleted record's page is being left, and refetching it would answer 404).
 * What else a resource has is declared beside them: its switches with `action`, its sub-lists and pickers with `one`
 * for their URLs; the other resources a write touches are the spec's `…AlsoRefreshes`.
 *
 * `Input` is what a create sends; `UpdateInput` what an update sends, when it differs (a platform's update may leave
 * its secret blank to keep the stored one). `Tag` and `Path` are the API's tag types and reducer path: the main API's
 * by default, the VPN API's for its users and routes.
 *
 * ```ts
 * endpoints: (build) => {
 *   const customers = crudEndpoints<Customer, CustomerInput, CustomerListQuery>(build, { tag: 'customer', ... });
 *   return { listCustomers: customers.list, getCustomer: customers.get, ... };
 * }
 * ```
 */
export function crudEndpoints<
  T extends { id: string },
  Input,
  Query,
  UpdateInput = Input,
  Tag extends string = MainTag,
  Path extends string = 'mainApi',
>(build: EndpointBuilder<ApiBaseQuery, Tag, Path>, spec: CrudSpec<Query, T, Tag>) {
  const { tag, path } = spec;
  const one = (id: string) => `${path}/${encodeURIComponent(id)}`;
  const list: ListTag<Tag> = { type: tag, id: 'LIST' };
  const { createAlsoRefreshes = [], updateAlsoRefreshes = [], removeAlsoRefreshes = [] } = spec;
  const told = afterSuccess(spec.afterWrite);
  const refreshedByCreate = (created: T | undefined): readonly RelatedTag<Tag>[] =>
    typeof createAlsoRefreshes === 'function' ? createAlsoRefreshes(created) : createAlsoRefreshes;
  return {
    /** `<path>/<id>`, for the resource's other endpoints. */
    one,
    /**
     * A switch of a record (`enable`, `activate`…): a POST to `<path>/<id>/<name>` over the version shown
     * (`If-Match`; a stale one answers 409), answering the record. `refreshes` names every tag it changes, its own
     * included.
     */
    action: (name: string, refreshes: (result: T | undefined, id: string) => readonly RelatedTag<Tag>[]) =>
      build.mutation<T, VersionedArgs>({
        query: ({ id, version }) => ({
          url: `${one(id)}/${name}`,
          method: 'POST',
          headers: { 'If-Match': String(version) },
        }),
        invalidatesTags: (result, _error, { id }) => refreshes(result, id),
        ...told,
      }),
    /**
     * An on/off switch without a version (`<path>/<id>/enable` | `disable`): the same call twice changes nothing, so
     * it is retried like a query. `refreshes` names every tag it changes once it succeeded, its own included.
     */
    toggle: (refreshes: (id: string) => readonly RelatedTag<Tag>[]) =>
      build.mutation<T, { id: string; enabled: boolean }>({
        query: ({ id, enabled }) => ({ url: `${one(id)}/${enabled ? 'enable' : 'disable'}`, method: 'POST', idempotent: true }),
        invalidatesTags: (_result, error, { id }) => (error ? [] : refreshes(id)),
        ...told,
      }),
    list: build.query<Page<T>, Query>({
      query: (query) => pathWithParams(path, spec.listParams(query)),
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
      invalidatesTags: (created) => [list, ...refreshedByCreate(created)],
      ...told,
    }),
    update: build.mutation<T, { id: string; version: number; input: UpdateInput }>({
      query: ({ id, version, input }) => ({
        url: one(id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: tag, id }, list, ...updateAlsoRefreshes],
      ...told,
    }),
    remove: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [list, ...removeAlsoRefreshes]),
      ...told,
    }),
  };
}
