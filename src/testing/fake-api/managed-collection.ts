/**
 * Collections the staff manage for the whole platform (payment platforms and methods, discount rules; the VPN
 * backend's users, nodes and routes): records without an owner, read and written only through the back office's endpoints (`authenticateAdmin`: 401 without a
 * token, 403 without the admin claim). They behave as the owned collections of collection.ts do:
 *
 * - `getManaged`: 404 with the resource's message for an unknown id.
 * - `createManaged`: validated with the contract's schema, refused by `check` (a rule the schema cannot see),
 *   `Idempotency-Key` replayed; id, version 1 and updatedAt set (`build` sets createdAt, for records that have it); 201.
 * - `updateManaged`: 428 without a version (`If-Match`, or `version` in the body), 409 `version-conflict` with the
 *   current record when stale, 400 when invalid; bumps version and updatedAt.
 * - `switchManaged`: a small state change (enable, disable, activate…) with an optional `If-Match`.
 * - `deleteManaged`: 409 `has-dependents` while `dependents` says why not; 204.
 *
 * Every answer goes through the spec's `toJson`, which lists the fields that may leave the server: a field it does
 * not name (a platform's secret key) is never answered, not even in a conflict's `current` or a replayed create.
 */
import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { parseBody, requestedVersion, VERSION_REQUIRED_MESSAGE } from './collection';
import type { DemoDb } from './db';
import { apiError, idempotent, invalidBody, notFound, readJson, serialize, type HandlerContext } from './http';
import type { Stamped } from '@/seed/stored';
import type { Principal } from './token';

export interface ManagedRecord extends Stamped {
  id: string;
}

export interface ManagedSpec<R extends ManagedRecord> {
  /** Id prefix: 'payment-method' → 'payment-method-1001'. */
  kind: string;
  /** The resource's 404 message. */
  notFoundMessage: string;
  /** The stored collection (mutated in place). */
  records(db: DemoDb): R[];
  /** The answer's fields (epoch-ms times become { seconds, nanos } afterwards). */
  toJson(record: R): object;
}

/** Fields of a record that createManaged sets (a record's createdAt, when it has one, comes from `build`). */
type Managed = 'id' | 'version' | 'updatedAt';

export function findManaged<R extends ManagedRecord>(records: readonly R[], id: string): R | undefined {
  return records.find((record) => record.id === id);
}

export function managedJson<R extends ManagedRecord>(spec: ManagedSpec<R>, record: R): unknown {
  return serialize(spec.toJson(record));
}

function respond<R extends ManagedRecord>(spec: ManagedSpec<R>, record: R, status = 200): Response {
  return HttpResponse.json(managedJson(spec, record) as Record<string, unknown>, { status });
}

function versionConflict<R extends ManagedRecord>(spec: ManagedSpec<R>, current: R): Response {
  return apiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, { current: managedJson(spec, current) });
}

function touch(record: ManagedRecord): void {
  record.version += 1;
  record.updatedAt = Math.max(Date.now(), record.updatedAt + 1);
}

export function getManaged<R extends ManagedRecord>(ctx: HandlerContext, id: string, spec: ManagedSpec<R>): Response {
  const record = findManaged(spec.records(ctx.db), id);
  return record ? respond(spec, record) : notFound(spec.notFoundMessage);
}

export interface ManagedWriteSpec<R extends ManagedRecord, S extends z.ZodType> extends ManagedSpec<R> {
  schema: S;
  /** A refusal the schema cannot see (a disabled platform, a conflicting rule); null when the input is fine. */
  check?(input: z.output<S>, current: R | null): Response | null;
}

/** POST: validates, checks, stores `{ id, ...build(input, now), version: 1, updatedAt: now }`, 201; keys replayed. */
export async function createManaged<R extends ManagedRecord, S extends z.ZodType>(
  request: Request,
  ctx: HandlerContext,
  principal: Principal,
  spec: ManagedWriteSpec<R, S> & { build(input: z.output<S>, now: number): Omit<R, Managed> },
): Promise<Response> {
  const body = await readJson(request);
  if (!body) return invalidBody();
  return idempotent(request, ctx, principal.uid, () => {
    const parsed = parseBody(spec.schema, body);
    if (!parsed.ok) return parsed.response;
    const refusal = spec.check?.(parsed.data, null);
    if (refusal) return refusal;
    const now = Date.now();
    const record = { id: ctx.db.nextId(spec.kind), ...spec.build(parsed.data, now), version: 1, updatedAt: now } as R;
    spec.records(ctx.db).push(record);
    ctx.db.save();
    return respond(spec, record, 201);
  });
}

/** PUT: 404, 428 without a version, 409 when stale, 400 when invalid, the check's refusal; else applies and bumps. */
export async function updateManaged<R extends ManagedRecord, S extends z.ZodType>(
  request: Request,
  ctx: HandlerContext,
  id: string,
  spec: ManagedWriteSpec<R, S> & { apply(record: R, input: z.output<S>): void },
): Promise<Response> {
  const record = findManaged(spec.records(ctx.db), id);
  if (!record) return notFound(spec.notFoundMessage);
  const body = await readJson(request);
  if (!body) return invalidBody();
  const version = requestedVersion(request, body);
  if (version === null) return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
  if (version !== record.version) return versionConflict(spec, record);
  const parsed = parseBody(spec.schema, body);
  if (!parsed.ok) return parsed.response;
  const refusal = spec.check?.(parsed.data, record);
  if (refusal) return refusal;
  spec.apply(record, parsed.data);
  touch(record);
  ctx.db.save();
  return respond(spec, record);
}

/** An `If-Match` sent with a switch or a delete: 428 when unreadable, 409 when stale, null when fine or absent. */
function optionalVersionCheck<R extends ManagedRecord>(request: Request, spec: ManagedSpec<R>, record: R): Response | null {
  if (!request.headers.has('If-Match')) return null;
  const version = requestedVersion(request, null);
  if (version === null) return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
  return version === record.version ? null : versionConflict(spec, record);
}

/**
 * POST /:id/<switch>: `change` refuses (a Response) or changes the record and returns null; a record already in the
 * wanted state answers 200 unchanged (`unchanged` true: no version bump, a repeated click is harmless).
 */
export function switchManaged<R extends ManagedRecord>(
  request: Request,
  ctx: HandlerContext,
  id: string,
  spec: ManagedSpec<R> & { unchanged(record: NoInfer<R>): boolean; change(record: NoInfer<R>): Response | null },
): Response {
  const record = findManaged(spec.records(ctx.db), id);
  if (!record) return notFound(spec.notFoundMessage);
  if (spec.unchanged(record)) return respond(spec, record);
  const stale = optionalVersionCheck(request, spec, record);
  if (stale) return stale;
  const refusal = spec.change(record);
  if (refusal) return refusal;
  touch(record);
  ctx.db.save();
  return respond(spec, record);
}

/** DELETE: 404; 409 `has-dependents` with the reason; 409 when an `If-Match` is stale; 204 once removed. */
export function deleteManaged<R extends ManagedRecord>(
  request: Request,
  ctx: HandlerContext,
  id: string,
  spec: ManagedSpec<R> & { dependents?(record: R): string | null },
): Response {
  const records = spec.records(ctx.db);
  const record = findManaged(records, id);
  if (!record) return notFound(spec.notFoundMessage);
  const stale = optionalVersionCheck(request, spec, record);
  if (stale) return stale;
  const refusal = spec.dependents?.(record);
  if (refusal) return apiError(409, 'has-dependents', refusal);
  records.splice(records.indexOf(record), 1);
  ctx.db.save();
  return new HttpResponse(null, { status: 204 });
}

/** Bumps a record changed as a consequence of another's change (a method disabled with its platform). */
export function touchManaged(record: ManagedRecord): void {
  touch(record);
}

/**
 * The `unchanged` and `change` of a plain `POST /:id/enable` or `/disable` for `switchManaged`: sets `enabled`, and
 * the same call twice changes nothing the second time.
 */
export function enabledSwitch(enabled: boolean): {
  unchanged(record: { enabled: boolean }): boolean;
  change(record: { enabled: boolean }): null;
} {
  return {
    unchanged: (record) => record.enabled === enabled,
    change(record) {
      record.enabled = enabled;
      return null;
    },
  };
}
