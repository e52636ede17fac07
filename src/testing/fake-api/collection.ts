/**
 * Collection helpers: what every owned resource of the demo backend does the same way, so each resource only
 * declares its fields. The search (`collection-search.ts`) and the sorted views (`collection-sort.ts`) live beside it.
 *
 * - `list`: a page `{ data, meta: { page, perPage, total } }` of the caller's records, searched (case- and
 *   accent-insensitive substring; digits and letters without mask for CNPJs and phones), filtered and sorted
 *   (`localeCompare` in pt-BR, `-key` descending, ties by id) as the contract's list query says.
 * - `getOne`: the caller's record by id; another owner's id is 404 like an unknown one (never 403).
 * - `createOne`: validated with the contract's zod schema, `Idempotency-Key` replayed, id/owner/version/times set.
 * - `updateOne`: guarded by the version (`If-Match`, or `version` in the body): 428 without it, 409 with the
 *   current record when stale; bumps version and updatedAt.
 * - `deleteOne`: may be refused while dependents exist (409 `has-dependents`); 204 otherwise.
 */
import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { firstIssue, VERSION_CONFLICT_MESSAGE, type ListQuery, type Page } from '@/contracts/common';
import type { DemoDb } from './db';
import { apiError, idempotent, invalidBody, notFound, readJson, serialize, validationError, type HandlerContext } from './http';
import type { OwnedRecord } from '@/seed/stored';
import type { Principal } from './token';
import { searchPredicate, type SearchField } from './collection-search';
import { parseSortKey, sortedView, sortRecords, type SortAccessors, type SortValue } from './collection-sort';

export { foldText, searchPredicate, warmSearch, type SearchField } from './collection-search';
export { sortRecords, type SortAccessors, type SortValue } from './collection-sort';

// ---- list ----

export type FilterPredicates<R, F extends Record<string, string>> = {
  [P in keyof F]?: (record: R, value: F[P]) => boolean;
};

export interface ListSpec<R, K extends string, F extends Record<string, string>> {
  /** The contract's query: `customerListQuery.parse(new URL(request.url).searchParams)`. */
  query: ListQuery<K, F>;
  searchFields: ReadonlyArray<SearchField<R>>;
  /** One predicate per filter name of the contract; a filter absent from the query is not applied. */
  filters?: FilterPredicates<R, F>;
  sorts: SortAccessors<R, K>;
  /**
   * Which of `records` the list is about (the caller's, usually `ownedBy(principal)`). With it, `records` is the
   * stored collection itself, whose sorted order is kept between requests (see `sortedView`); without it,
   * `records` are sorted on every call.
   */
  where?: (record: R) => boolean;
}

/** The caller's records, as a `where` of `listPage`. */
export function ownedBy(principal: Principal): (record: OwnedRecord) => boolean {
  return (record) => record.ownerUid === principal.uid;
}

/** The page of `records` a query asks for (plain records; a page past the end is empty, with the real total). */
export function listPage<R extends { id: string }, K extends string, F extends Record<string, string>>(
  records: readonly R[],
  spec: ListSpec<R, K, F>,
): Page<R> {
  const { query, where } = spec;
  const search = query.q.trim() === '' ? null : searchPredicate(query.q, spec.searchFields);
  const active = (Object.keys(query.filters) as Array<keyof F>).flatMap((name) => {
    const value = query.filters[name];
    const predicate = spec.filters?.[name];
    return value !== undefined && predicate ? [(record: R) => predicate(record, value)] : [];
  });
  const keep = (record: R) =>
    (where === undefined || where(record)) &&
    (search === null || search(record)) &&
    (active.length === 0 || active.every((predicate) => predicate(record)));
  const start = (query.page - 1) * query.perPage;
  const end = start + query.perPage;

  if (where === undefined) {
    const found = records.filter(keep);
    return {
      data: sortRecords(found, query.sort, spec.sorts).slice(start, end),
      meta: { page: query.page, perPage: query.perPage, total: found.length },
    };
  }
  // Sorted once (kept between requests), then filtered in order: only the page's records are collected.
  const { key, descending } = parseSortKey(query.sort);
  const sorted = sortedView(records, query.sort, spec.sorts[key] as ((record: R) => SortValue) | undefined, descending);
  const data: R[] = [];
  let total = 0;
  for (const record of sorted) {
    if (!keep(record)) continue;
    if (total >= start && total < end) data.push(record);
    total += 1;
  }
  return { data, meta: { page: query.page, perPage: query.perPage, total } };
}

/** `list` as a response: `toJson` adds computed fields (e.g. machineCount) before times become { seconds, nanos }. */
export function list<R extends { id: string }, K extends string, F extends Record<string, string>>(
  records: readonly R[],
  spec: ListSpec<R, K, F> & { toJson?: (record: R) => object },
): Response {
  const page = listPage(records, spec);
  const toJson = spec.toJson ?? ((record: R) => record);
  return HttpResponse.json({ data: serialize(page.data.map((record) => toJson(record))), meta: page.meta });
}

// ---- one owned record ----

/** The caller's records of a collection. */
export function owned<R extends OwnedRecord>(records: readonly R[], principal: Principal): R[] {
  return records.filter((record) => record.ownerUid === principal.uid);
}

/** The caller's record with this id; another owner's record is as absent as an unknown id. */
export function findOwned<R extends OwnedRecord>(records: readonly R[], id: string, principal: Principal): R | undefined {
  return records.find((record) => record.id === id && record.ownerUid === principal.uid);
}

export interface ResourceSpec<R extends OwnedRecord> {
  /** Id prefix: 'customer' → 'customer-1049'. */
  kind: string;
  /** The resource's 404 message: 'Cliente não encontrado.' */
  notFoundMessage: string;
  /** The stored collection (mutated in place). */
  records(db: DemoDb): R[];
  /** The response shape before serialization (computed fields added); the record itself when absent. */
  toJson?(record: R): object;
}

function respond<R extends OwnedRecord>(spec: ResourceSpec<R>, record: R, status = 200): Response {
  const body = serialize(spec.toJson ? spec.toJson(record) : record) as Record<string, unknown>;
  return HttpResponse.json(body, { status });
}

export function getOne<R extends OwnedRecord>(ctx: HandlerContext, principal: Principal, id: string, spec: ResourceSpec<R>): Response {
  const record = findOwned(spec.records(ctx.db), id, principal);
  return record ? respond(spec, record) : notFound(spec.notFoundMessage);
}

// ---- validation ----

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Parses a body with the contract's schema; a failure is 400 `{ error: { code: 'validation', message, field } }`. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const issue = firstIssue(result.error);
  return { ok: false, response: validationError(issue.message, issue.field) };
}

// ---- writes ----

export interface WriteSpec<R extends OwnedRecord, S extends z.ZodType> extends ResourceSpec<R> {
  schema: S;
  /** A refusal the schema cannot see (a duplicate among the caller's records); null when the input is fine. */
  conflict?(input: z.output<S>, principal: Principal, current: R | null): Response | null;
}

/** Fields of a record the client never sets. */
type Managed = 'id' | 'ownerUid' | 'version' | 'createdAt' | 'updatedAt';

/**
 * POST: validates, refuses conflicts, stores `{ ...input, id, ownerUid, version: 1, createdAt, updatedAt }` and
 * answers 201. A repeated `Idempotency-Key` replays the first 201 instead of creating again.
 */
export async function createOne<R extends OwnedRecord, S extends z.ZodType>(
  request: Request,
  ctx: HandlerContext,
  principal: Principal,
  spec: WriteSpec<R, S> & {
    build(input: z.output<S>): Omit<R, Managed>;
    /** After the record is stored (its id known), before the save: links other records to it. */
    created?(record: R, input: z.output<S>): void;
  },
): Promise<Response> {
  const body = await readJson(request);
  if (!body) return invalidBody();
  return idempotent(request, ctx, principal.uid, () => {
    const parsed = parseBody(spec.schema, body);
    if (!parsed.ok) return parsed.response;
    const refusal = spec.conflict?.(parsed.data, principal, null);
    if (refusal) return refusal;
    const now = Date.now();
    const record = {
      ...spec.build(parsed.data),
      id: ctx.db.nextId(spec.kind),
      ownerUid: principal.uid,
      version: 1,
      createdAt: now,
      updatedAt: now,
    } as R;
    spec.records(ctx.db).push(record);
    spec.created?.(record, parsed.data);
    ctx.db.save();
    return respond(spec, record, 201);
  });
}

export const VERSION_REQUIRED_MESSAGE =
  'Não foi possível salvar: a versão do registro não foi enviada. Recarregue a página e tente de novo.';

/** The version the client edited: `If-Match: 3` (quotes and a weak `W/` prefix tolerated), else `version` in the body. */
export function requestedVersion(request: Request, body: Record<string, unknown> | null): number | null {
  const header = request.headers.get('If-Match');
  if (header !== null) {
    const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
    return match?.[1] ? Number(match[1]) : null;
  }
  const version = body?.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > 0) return version;
  if (typeof version === 'string' && /^\d{1,9}$/.test(version)) return Number(version);
  return null;
}

function versionRequired(): Response {
  return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
}

function versionConflict<R extends OwnedRecord>(spec: ResourceSpec<R>, current: R): Response {
  return apiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, {
    current: serialize(spec.toJson ? spec.toJson(current) : current),
  });
}

/**
 * PUT: 404 for an id the caller does not own, 428 without a version, 409 `version-conflict` (with the current
 * record) when it is stale, 400 when invalid; otherwise applies the input, bumps version and updatedAt.
 */
export async function updateOne<R extends OwnedRecord, S extends z.ZodType>(
  request: Request,
  ctx: HandlerContext,
  principal: Principal,
  id: string,
  spec: WriteSpec<R, S> & { apply(record: R, input: z.output<S>): void },
): Promise<Response> {
  const record = findOwned(spec.records(ctx.db), id, principal);
  if (!record) return notFound(spec.notFoundMessage);
  const body = await readJson(request);
  if (!body) return invalidBody();
  const version = requestedVersion(request, body);
  if (version === null) return versionRequired();
  if (version !== record.version) return versionConflict(spec, record);
  const parsed = parseBody(spec.schema, body);
  if (!parsed.ok) return parsed.response;
  const refusal = spec.conflict?.(parsed.data, principal, record);
  if (refusal) return refusal;
  spec.apply(record, parsed.data);
  record.version += 1;
  record.updatedAt = Math.max(Date.now(), record.updatedAt + 1);
  ctx.db.save();
  return respond(spec, record);
}

/**
 * DELETE: 404 for an id the caller does not own; 409 `has-dependents` when `dependents` says why not (and 409
 * `version-conflict` if an `If-Match` is sent and stale); 204 once removed.
 */
export function deleteOne<R extends OwnedRecord>(
  request: Request,
  ctx: HandlerContext,
  principal: Principal,
  id: string,
  spec: ResourceSpec<R> & {
    dependents?(record: R): string | null;
    /** After the record is removed, before the save: unlinks other records from it. */
    deleted?(record: R): void;
  },
): Response {
  const records = spec.records(ctx.db);
  const record = findOwned(records, id, principal);
  if (!record) return notFound(spec.notFoundMessage);
  if (request.headers.has('If-Match')) {
    const version = requestedVersion(request, null);
    if (version === null) return versionRequired();
    if (version !== record.version) return versionConflict(spec, record);
  }
  const refusal = spec.dependents?.(record);
  if (refusal) return apiError(409, 'has-dependents', refusal);
  records.splice(records.indexOf(record), 1);
  spec.deleted?.(record);
  ctx.db.save();
  return new HttpResponse(null, { status: 204 });
}
