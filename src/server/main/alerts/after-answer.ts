/**
 * Alerts raised by a request, after its change committed and without delaying its answer: a route (or the create
 * it runs, inside `idempotentCreate`) queues the alert with {@link alertAfterAnswer}; the middleware
 * {@link alertsAfterAnswer} (registered once in main/index.ts, before the routes) runs what was queued once the route
 * answered a success — its batch committed by then — through `waitUntil` when the request has an execution context.
 * An answer of 400 or more raises nothing, except what was queued `always`: a change committed before the answer
 * whatever it turns out to be (a declined card's notice before its 402, a demo payment settled by a read that then
 * answers 409). A failing alert is logged, never the user's error.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../shared/app-env';
import { alertAfterCommit } from './raise';

interface Queued {
  what: string;
  work: () => Promise<unknown>;
  always: boolean;
}

const queued = new WeakMap<object, Queued[]>();

/** Queues an alert for after the request's answer: a successful one, or any with `always` (see the module's comment). */
export function alertAfterAnswer(c: Context<AppEnv>, what: string, work: () => Promise<unknown>, options: { always?: boolean } = {}): void {
  const list = queued.get(c) ?? [];
  list.push({ what, work, always: options.always ?? false });
  queued.set(c, list);
}

/** Runs the request's queued alerts after its answer (a failed answer: only those queued `always`). */
export const alertsAfterAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const list = queued.get(c);
  if (!list) return;
  queued.delete(c);
  const failed = c.res.status >= 400;
  for (const { what, work, always } of list) if (always || !failed) await alertAfterCommit(c, what, work);
};
