/**
 * The Hono app both Workers are made of: CORS for the configured hosts, a body limit, the D1 client in the
 * context, validation errors as the API's 400 (`{ error: { code: 'validation', message, field } }`, the first
 * problem), unknown routes as 404 JSON, and every other failure as a 500 that names nothing internal. Every answer
 * carries `X-Content-Type-Options: nosniff`; an authenticated one (the request had an Authorization header)
 * `Cache-Control: no-store`; one served over HTTPS `Strict-Transport-Security` (two years, sub-domains).
 */
import { OpenAPIHono, createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import { drizzle } from 'drizzle-orm/d1';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { firstIssue } from '@/contracts/common';
import { guard, type Access } from './access';
import type { AppEnv } from './app-env';
import {
  ApiError,
  BODY_TOO_LARGE_MESSAGE,
  DUPLICATE_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  invalidBody,
  validationError,
} from './errors';
import { databaseOf } from './local-d1';
import { errors, errorSchema, json } from './openapi';

export const MAX_BODY_BYTES = 256 * 1024;

export const HSTS = 'max-age=63072000; includeSubDomains';

/** A Worker missing a required setting (its Firebase project: src/server/shared/token.ts) on its authenticated routes. */
const notConfigured = json(errorSchema, 'Serviço indisponível: falta uma configuração do servidor (o log diz qual).');

/** What an API route declares: the OpenAPI route plus who may call it (src/server/shared/access.ts). */
export type ApiRouteConfig = RouteConfig & { access: Access };

/**
 * A route: its contract (params, query, body, answers — validated and documented from the same zod schemas) and its
 * access, which becomes the route's guard and `x-access` in the OpenAPI document.
 */
export function apiRoute<R extends ApiRouteConfig>(config: R) {
  const { access, ...route } = config;
  // What the app answers on any route, described on each: 401 without a valid session and 403 for the people of a
  // deleted account (the guard), 400 and 413 for a body that is not JSON or too large (before the route's own
  // validation). A route's own entries win.
  const appWide = {
    ...(access === 'public' ? {} : { 401: errors[401], 403: errors[403], 503: notConfigured }),
    ...(route.request?.body ? { 400: errors[400], 413: errors[413] } : {}),
  };
  return createRoute({
    ...route,
    responses: { ...appWide, ...route.responses },
    middleware: [guard(access)],
    'x-access': access,
    ...(access === 'public' ? {} : { security: [{ firebase: [] }] }),
  } as Omit<R, 'access'> & { middleware: ReturnType<typeof guard>[] });
}

/** A route allowed a larger body than MAX_BODY_BYTES (the VPN API's hub report: 20 000 peers ≈ 2 MB). */
export interface LargeBody {
  path: RegExp;
  maxBytes: number;
  /** The 413's message, in pt-BR. */
  message: string;
}

export function createApp(options: { title: string; description: string; largeBodies?: readonly LargeBody[] }) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = firstIssue(result.error as z.ZodError);
        throw validationError(issue.message, issue.field);
      }
      return undefined;
    },
  });

  // First, so the headers land on every answer: CORS preflights, errors and unknown routes included.
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // A signed-in answer is the caller's own: no shared or browser cache keeps it.
    if (c.req.header('Authorization')) c.header('Cache-Control', 'no-store');
    if (new URL(c.req.url).protocol === 'https:') c.header('Strict-Transport-Security', HSTS);
  });
  app.use('*', (c, next) => {
    const allowed = (c.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
    return cors({
      origin: (origin) => (allowed.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match', 'sentry-trace', 'baggage'],
      exposeHeaders: ['Content-Disposition'],
      maxAge: 600,
    })(c, next);
  });
  app.use('*', (c, next) => {
    const large = options.largeBodies?.find((route) => route.path.test(c.req.path));
    return bodyLimit({
      maxSize: large?.maxBytes ?? MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'body-too-large', large?.message ?? BODY_TOO_LARGE_MESSAGE);
      },
    })(c, next);
  });
  app.use('*', async (c, next) => {
    c.set('db', drizzle(databaseOf(c.env)));
    await next();
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status as 400);
    // Hono's JSON validator: a body that is not JSON.
    if (error instanceof HTTPException && error.status === 400) return c.json(invalidBody().toBody(), 400);
    // A unique index refused a write a handler's check did not see coming (two requests at once).
    if (error instanceof Error && /UNIQUE constraint failed/.test(`${error.message} ${String(error.cause ?? '')}`)) {
      return c.json({ error: { code: 'duplicate', message: DUPLICATE_MESSAGE } }, 409);
    }
    console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, error instanceof Error ? error.name : 'error');
    return c.json({ error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } }, 500);
  });

  app.notFound((c) =>
    c.json(
      { error: { code: 'route-not-found', message: `Rota inexistente: ${c.req.method} ${new URL(c.req.url).pathname}` } },
      404,
    ),
  );

  app.openAPIRegistry.registerComponent('securitySchemes', 'firebase', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Firebase ID token (RS256, verified against Google\'s published keys).',
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: options.title, version: '1.0.0', description: options.description },
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
