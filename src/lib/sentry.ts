import * as Sentry from '@sentry/react';
import { PRODUCTION_DOMAIN } from '@/config/brand';
import type { Env } from '@/config/env';
import type { Area } from '@/config/areas';
import { scrub } from './scrub';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Tracing headers go only to the production portal and back-office hosts, localhost:8787 and the worker. */
export function tracePropagationTargets(workerUrl: string | undefined, domain = PRODUCTION_DOMAIN): RegExp[] {
  const targets = [
    new RegExp(`^https://portal\\.${escapeRegExp(domain)}(?:/|$)`),
    new RegExp(`^https://backoffice\\.${escapeRegExp(domain)}(?:/|$)`),
    /^https?:\/\/localhost:8787(?:\/|$)/,
  ];
  if (workerUrl) {
    const { origin } = new URL(workerUrl);
    targets.push(new RegExp(`^${escapeRegExp(origin)}(?:/|$)`));
  }
  return targets;
}

export function initSentry(env: Env, area: Area) {
  Sentry.init({
    dsn: env.sentry.dsn,
    environment: env.isProduction ? 'production' : env.demo ? 'demo' : 'development',
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: env.sentry.tracesSampleRate,
    tracePropagationTargets: tracePropagationTargets(env.workerUrl),
    // Collect as little as possible; beforeSend scrubs what remains.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { deny: ['authorization', 'cookie'] }, response: false },
      httpBodies: [],
      urlQueryParams: { deny: ['token', 'email', 'cnpj', 'redirect'] },
    },
    initialScope: { tags: { area } },
    beforeSend: (event) => scrub(event),
    beforeSendTransaction: (event) => scrub(event),
    beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb),
  });
  return (error: unknown, context?: Record<string, unknown>) => {
    Sentry.captureException(error, context ? { extra: context } : undefined);
  };
}
