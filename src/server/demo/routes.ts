/**
 * The demo's data routes, registered always (routes are fixed at module load) and answered only in demo mode
 * (`DEMO=true`, local development): elsewhere they are 404 exactly like an unknown route, before any token check.
 *
 * - `POST /demo/reset` (`?seed=large`: 10 000 more machines and gateways with history): both Workers' data back to
 *   the seed; 204 once done. Any signed-in user may ('self'), as the demo badge lets anyone signed in reset it.
 * - `POST /demo/seed-if-empty`: seeds (the standard seed) only when there is no builder yet — the dev runner's
 *   first start; 204 either way.
 */
import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { apiRoute, type App } from '../shared/app';
import type { AppEnv } from '../shared/app-env';
import { isDemo } from './mode';
import { errors } from '../shared/openapi';
import { resetDemo, seedIfEmpty } from './reset';

const TAG = 'Demonstração';
const DEMO_PATHS = ['/demo/reset', '/demo/seed-if-empty'] as const;

/** Outside demo mode: the app's "route not found" (404), whatever the request carries. */
const demoOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isDemo(c.env)) return c.notFound();
  await next();
};

export function demoRoutes(app: App) {
  for (const path of DEMO_PATHS) app.use(path, demoOnly);

  app.openapi(
    apiRoute({
      access: 'self',
      method: 'post',
      path: '/demo/reset',
      hide: true,
      tags: [TAG],
      summary: 'Volta os dados de demonstração à semente (só no modo demonstração)',
      request: {
        query: z.object({ seed: z.string().optional().openapi({ description: '`large`: mais 10 000 máquinas e gateways.' }) }),
      },
      responses: { 204: { description: 'Dados redefinidos.' }, 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      await resetDemo(c.env, { large: c.req.valid('query').seed === 'large' });
      return c.body(null, 204);
    },
  );

  app.openapi(
    apiRoute({
      access: 'self',
      method: 'post',
      path: '/demo/seed-if-empty',
      hide: true,
      tags: [TAG],
      summary: 'Carrega a semente se o banco não tem montadoras (só no modo demonstração)',
      responses: { 204: { description: 'Semeado, ou já havia dados.' }, 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      await seedIfEmpty(c.env);
      return c.body(null, 204);
    },
  );
}
