import type { Env } from '@/config/env';
import type { Area } from '@/config/areas';

/**
 * Error reporting facade. The Sentry SDK is loaded after the first paint and only when a DSN is configured;
 * until then uncaught errors and rejections are kept in a short queue and handed over once it is ready.
 */
type Sink = (error: unknown, context?: Record<string, unknown>) => void;

const MAX_QUEUE = 20;
const queue: Array<[unknown, Record<string, unknown> | undefined]> = [];
let sink: Sink | null = null;
let disabled = false;

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (sink) {
    sink(error, context);
    return;
  }
  if (!disabled && queue.length < MAX_QUEUE) queue.push([error, context]);
}

const onError = (event: ErrorEvent) => reportError(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason);

/** Catches what happens before the SDK is ready. */
export function captureEarlyErrors(): void {
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
}

function stopEarlyCapture(): void {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
}

export async function startErrorReporting(env: Env, area: Area): Promise<void> {
  if (!env.sentry.dsn) {
    disabled = true;
    queue.length = 0;
    stopEarlyCapture();
    return;
  }
  const { initSentry } = await import('./sentry');
  sink = initSentry(env, area);
  stopEarlyCapture(); // the SDK's own global handlers take over from here
  for (const [error, context] of queue.splice(0)) sink(error, context);
}
