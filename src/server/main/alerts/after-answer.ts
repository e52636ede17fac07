/**
 * Alerts raised by a request, after its change committed and without delaying its answer: a route (or the create
 * it runs, inside `idempotentCreate`) queues the alert with {@link alertAfterAnswer}; the middleware
 * {@link alertsAfterAnswer} (registered once in main/index.ts, before the routes) runs what was queued once the route
 * answered a success — its batch committed by then — through `waitUntil` when the request has an execution context.
 * An answer of 400 or more raises nothing; a failing alert is logged, never the user's error.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../shared/app-env';
import { alertAfterCommit } from './raise';

const queued = new WeakMap<object, { what: string; work: () => Promise<unknown> }[]>();

/** Queues an alert for after the request's successful answer (see the module's comment). */
export function alertAfterAnswer(c: Context<AppEnv>, what: string, work: () => Promise<unknown>): void {
  const list = queued.get(c) ?? [];
  list.push({ what, work });
  queued.set(c, list);
}

/** Runs the request's queued alerts after a successful answer. */
export const alertsAfterAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const list = queued.get(c);
  if (!list) return;
  queued.delete(c);
  if (c.res.status >= 400) return;
  for (const { what, work } of list) await alertAfterCommit(c, what, work);
};
