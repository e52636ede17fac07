/**
 * Writes of the VPN backend's records. Unlike a builder's records (src/demo/collection.ts, scoped to their owner),
 * VPN users, nodes and routes belong to the platform: any staff member sees and edits them all. Versions,
 * `If-Match`, validation and idempotent creates follow the collection helpers' rules.
 */
import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { parseBody, requestedVersion, VERSION_REQUIRED_MESSAGE } from '@/demo/collection';
import { apiError, idempotent, invalidBody, notFound, readJson, serialize, type HandlerContext } from '@/demo/http';
import type { Stamped } from '@/demo/stored';
import type { Principal } from '@/demo/token';

export interface StaffRecord extends Stamped {
  id: string;
}

export interface StaffSpec<R extends StaffRecord> {
  notFoundMessage: string;
  records(): R[];
  toJson(record: R): object;
}

export function respond<R extends StaffRecord>(spec: StaffSpec<R>, record: R, status = 200): Response {
  return HttpResponse.json(serialize(spec.toJson(record)) as Record<string, unknown>, { status });
}

export function touch(record: Stamped, now = Date.now()): void {
  record.version += 1;
  record.updatedAt = Math.max(now, record.updatedAt + 1);
}

export function findRecord<R extends StaffRecord>(spec: StaffSpec<R>, id: string): R | undefined {
  return spec.records().find((record) => record.id === id);
}

export function getRecord<R extends StaffRecord>(spec: StaffSpec<R>, id: string): Response {
  const record = findRecord(spec, id);
  return record ? respond(spec, record) : notFound(spec.notFoundMessage);
}

/** POST: validated, refused when `conflict` says so, stored with version 1; a repeated Idempotency-Key replays the 201. */
export async function createRecord<R extends StaffRecord, S extends z.ZodType>(
  request: Request,
  ctx: HandlerContext,
  principal: Principal,
  spec: StaffSpec<R> & {
    schema: S;
    conflict?(input: z.output<S>, current: R | null): Response | null;
    build(input: z.output<S>, now: number): R;
  },
): Promise<Response> {
  const body = await readJson(request);
  if (!body) return invalidBody();
  return idempotent(request, ctx, principal.uid, () => {
    const parsed = parseBody(spec.schema, body);
    if (!parsed.ok) return parsed.response;
    const refusal = spec.conflict?.(parsed.data, null);
    if (refusal) return refusal;
    const record = spec.build(parsed.data, Date.now());
    spec.records().push(record);
    ctx.db.save();
    return respond(spec, record, 201);
  });
}

function versionGuard<R extends StaffRecord>(spec: StaffSpec<R>, request: Request, body: Record<string, unknown> | null, record: R, required: boolean) {
  if (!required && !request.headers.has('If-Match')) return null;
  const version = requestedVersion(request, body);
  if (version === null) return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
  if (version !== record.version) {
    return apiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, { current: serialize(spec.toJson(record)) });
  }
  return null;
}

/** PUT: 404 unknown, 428 without a version, 409 stale (with the current record), 400 invalid; bumps the version. */
export async function updateRecord<R extends StaffRecord, S extends z.ZodType>(
  request: Request,
  ctx: HandlerContext,
  id: string,
  spec: StaffSpec<R> & {
    schema: S;
    conflict?(input: z.output<S>, current: R | null): Response | null;
    apply(record: R, input: z.output<S>): void;
  },
): Promise<Response> {
  const record = findRecord(spec, id);
  if (!record) return notFound(spec.notFoundMessage);
  const body = await readJson(request);
  if (!body) return invalidBody();
  const stale = versionGuard(spec, request, body, record, true);
  if (stale) return stale;
  const parsed = parseBody(spec.schema, body);
  if (!parsed.ok) return parsed.response;
  const refusal = spec.conflict?.(parsed.data, record);
  if (refusal) return refusal;
  spec.apply(record, parsed.data);
  touch(record);
  ctx.db.save();
  return respond(spec, record);
}

/** Turns a record on or off (`POST …/enable`, `…/disable`): the same call twice changes nothing the second time. */
export function setEnabled<R extends StaffRecord & { enabled: boolean }>(
  request: Request,
  ctx: HandlerContext,
  id: string,
  enabled: boolean,
  spec: StaffSpec<R>,
): Response {
  const record = findRecord(spec, id);
  if (!record) return notFound(spec.notFoundMessage);
  const stale = versionGuard(spec, request, null, record, false);
  if (stale) return stale;
  if (record.enabled !== enabled) {
    record.enabled = enabled;
    touch(record);
    ctx.db.save();
  }
  return respond(spec, record);
}

/** DELETE: 404 unknown, 409 when an `If-Match` is stale; 204 once removed. */
export function deleteRecord<R extends StaffRecord>(
  request: Request,
  ctx: HandlerContext,
  id: string,
  spec: StaffSpec<R> & { deleted?(record: R): void },
): Response {
  const records = spec.records();
  const record = records.find((candidate) => candidate.id === id);
  if (!record) return notFound(spec.notFoundMessage);
  const stale = versionGuard(spec, request, null, record, false);
  if (stale) return stale;
  records.splice(records.indexOf(record), 1);
  spec.deleted?.(record);
  ctx.db.save();
  return new HttpResponse(null, { status: 204 });
}
