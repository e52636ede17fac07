/**
 * Declarations of a resource's usual routes — list, get by id, create, update (If-Match), delete and activate /
 * deactivate — as the `apiRoute` configs they stand for: the resource's path, tag, access, summary and schemas, plus
 * the errors each route may answer (the usual ones unless `errors` says otherwise). Handlers stay with the resource.
 */
import type { z } from '@hono/zod-openapi';
import type { Access } from './access';
import { apiRoute } from './app';
import { errorsOf, idempotencyHeaders, idParams, ifMatchHeaders, json, jsonBody, listQueryParams, type ErrorStatus } from './openapi';

interface RouteBase<P extends string, E extends ErrorStatus> {
  path: P;
  tag: string;
  access: Access;
  summary: string;
  /** The error answers the route declares (the usual ones of its kind when absent). */
  errors?: readonly E[];
}

function base<P extends string>(options: RouteBase<P, ErrorStatus>) {
  return { access: options.access, path: options.path, tags: [options.tag], summary: options.summary };
}

/** GET a page of the resource: the list query's parameters (with `filters`), 200 with the page. */
export function listRoute<P extends string, T extends z.ZodType, E extends ErrorStatus = 401>(
  options: RouteBase<P, E> & { page: T; description: string; filters?: readonly string[] },
) {
  return apiRoute({
    ...base(options),
    method: 'get',
    request: { query: listQueryParams(options.filters) },
    responses: { 200: json(options.page, options.description), ...errorsOf(options.errors ?? ([401] as E[])) },
  });
}

/** GET one by `{id}`: 200 with the item. */
export function getRoute<P extends string, T extends z.ZodType, E extends ErrorStatus = 401 | 404>(
  options: RouteBase<P, E> & { item: T; description: string },
) {
  return apiRoute({
    ...base(options),
    method: 'get',
    request: { params: idParams },
    responses: { 200: json(options.item, options.description), ...errorsOf(options.errors ?? ([401, 404] as E[])) },
  });
}

/** POST a new one (Idempotency-Key, JSON body `input`): 201 with the item. */
export function createRoute<P extends string, I extends z.ZodType, T extends z.ZodType, E extends ErrorStatus = 400 | 401 | 403 | 409 | 422>(
  options: RouteBase<P, E> & { input: I; item: T; description: string },
) {
  return apiRoute({
    ...base(options),
    method: 'post',
    request: { headers: idempotencyHeaders, ...jsonBody(options.input) },
    responses: {
      201: json(options.item, options.description),
      ...errorsOf(options.errors ?? ([400, 401, 403, 409, 422] as E[])),
    },
  });
}

/** PUT `{id}` (If-Match, JSON body `input`): 200 with the item. */
export function updateRoute<P extends string, I extends z.ZodType, T extends z.ZodType, E extends ErrorStatus = 400 | 401 | 403 | 404 | 409 | 428>(
  options: RouteBase<P, E> & { input: I; item: T; description: string },
) {
  return apiRoute({
    ...base(options),
    method: 'put',
    request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(options.input) },
    responses: {
      200: json(options.item, options.description),
      ...errorsOf(options.errors ?? ([400, 401, 403, 404, 409, 428] as E[])),
    },
  });
}

/**
 * POST `{path}/activate` when `active`, else `{path}/deactivate` (If-Match), `path` being the item's (`…/{id}`):
 * 200 with the item. Declared once per value, so each handler (what the switch checks and writes) stays with its resource.
 */
export function toggleRoute<P extends string, T extends z.ZodType, E extends ErrorStatus = 401 | 403 | 404 | 409 | 428>(
  options: RouteBase<P, E> & { active: boolean; item: T; description: string },
) {
  return apiRoute({
    ...base(options),
    path: `${options.path}/${options.active ? 'activate' : 'deactivate'}`,
    method: 'post',
    request: { params: idParams, headers: ifMatchHeaders },
    responses: { 200: json(options.item, options.description), ...errorsOf(options.errors ?? ([401, 403, 404, 409, 428] as E[])) },
  });
}

/** DELETE `{id}` (If-Match): 204. */
export function deleteRoute<P extends string, E extends ErrorStatus = 401 | 403 | 404 | 409>(
  options: RouteBase<P, E> & { description: string },
) {
  return apiRoute({
    ...base(options),
    method: 'delete',
    request: { params: idParams, headers: ifMatchHeaders },
    responses: { 204: { description: options.description }, ...errorsOf(options.errors ?? ([401, 403, 404, 409] as E[])) },
  });
}
