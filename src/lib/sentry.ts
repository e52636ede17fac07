import * as Sentry from '@sentry/react';
import { PRODUCTION_DOMAIN } from '@/config/brand';
import type { Env } from '@/config/env';
import type { Area } from '@/config/areas';
import { routeName } from './route-names';
import { scrub, scrubEvent, scrubSecretPaths, scrubText } from './scrub';

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

/** A path's name in reports: its route (`/invite/:token`), or the path with any secret segment replaced. */
export function reportedRoute(pathname: string): string {
  return routeName(pathname) ?? scrubSecretPaths(pathname.split(/[?#]/, 1)[0] ?? '');
}

/** The path of a URL or of a path with a query (`/portal/invite/abc?x=1` → `/portal/invite/abc`). */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url;
  }
}

/** Navigation breadcrumbs (`from`, `to`) name routes, not URLs; then everything is scrubbed. */
export function scrubBreadcrumb(breadcrumb: Sentry.Breadcrumb): Sentry.Breadcrumb {
  if (breadcrumb.category === 'navigation' && breadcrumb.data) {
    const data: Record<string, unknown> = { ...breadcrumb.data };
    for (const key of ['from', 'to']) {
      const value = data[key];
      if (typeof value === 'string') data[key] = reportedRoute(pathOf(value));
    }
    return scrub({ ...breadcrumb, data });
  }
  return scrub(breadcrumb);
}

/** An error event as it is sent: named after its route, scrubbed (scrub.ts); a transaction event the same. */
export function scrubSentryEvent<T extends Sentry.Event>(event: T): T {
  if (event.transaction === undefined) return scrubEvent(event);
  const named: T = { ...event, transaction: reportedRoute(event.transaction) };
  if (event.type === 'transaction') named.transaction_info = { ...event.transaction_info, source: 'route' };
  return scrubEvent(named);
}

/** A span as `beforeSendSpan` receives it (@sentry/core's StreamedSpanJSON, not re-exported by @sentry/react). */
type StreamedSpanJSON = Parameters<NonNullable<Sentry.BrowserOptions['beforeSendSpan']>>[0];

/** @sentry/core's Integration (not re-exported by @sentry/react). */
type Integration = Extract<NonNullable<Sentry.BrowserOptions['integrations']>, unknown[]>[number];

/** Page loads and navigations: the spans (segments) named after a route. */
const ROUTE_OPS = new Set(['pageload', 'navigation']);

/**
 * A span as it is sent (spans are streamed, not sent inside transactions, by default in this SDK): a page load's or
 * a navigation's named after its route, every attribute scrubbed (`url.path`, `url.full`, a request's URL…), a
 * person's attributes (`user.*`) dropped.
 */
export function scrubSpan(span: StreamedSpanJSON): StreamedSpanJSON {
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(span.attributes)) {
    if (key.startsWith('user.')) continue;
    attributes[key] = key === 'sentry.segment.name' && typeof value === 'string' ? reportedRoute(value) : scrub(value);
  }
  const op = span.attributes['sentry.op'];
  const routeSpan = ROUTE_OPS.has(String(typeof op === 'object' && op !== null && 'value' in op ? op.value : op));
  if (routeSpan) attributes['sentry.segment.name.source'] = 'route';
  const links = span.links?.map((link) => ({ ...link, attributes: link.attributes ? scrub(link.attributes) : link.attributes }));
  return {
    ...span,
    name: routeSpan ? reportedRoute(span.name) : scrubText(span.name),
    attributes: attributes as StreamedSpanJSON['attributes'],
    ...(links ? { links } : {}),
  };
}

/**
 * Names a navigation after the route it goes to, before its span starts: the SDK asks `beforeStartSpan` while the
 * address bar still shows the page being left, and names the scope's transaction (what errors carry) by URL unless
 * the span has a name of its own.
 */
const routeNamesIntegration = (): Integration => ({
  name: 'PonteRouteNames',
  setup(client) {
    client.on('beforeStartNavigationSpan', (options, navigation) => {
      if (navigation?.url) options.name = reportedRoute(pathOf(navigation.url));
    });
  },
});

/** The options of the SDK for an area (exported for the tests, which add a transport of their own). */
export function sentryOptions(env: Env, area: Area): Sentry.BrowserOptions {
  return {
    dsn: env.sentry.dsn,
    environment: env.isProduction ? 'production' : env.demo ? 'demo' : 'development',
    integrations: [
      Sentry.browserTracingIntegration({
        // Page loads and navigations are named after their route from the start (`/customers/:id`): a navigation
        // already is (routeNamesIntegration); a page load is "Pageload" here, on the page it names.
        beforeStartSpan: (options) => ({
          ...options,
          name: reportedRoute(options.name.startsWith('/') ? options.name : window.location.pathname),
        }),
      }),
      routeNamesIntegration(),
    ],
    routeProvider: Sentry.createUrlRouteProvider((url) => routeName(url.pathname) ?? undefined),
    tracesSampleRate: env.sentry.tracesSampleRate,
    tracePropagationTargets: tracePropagationTargets(env.workerUrl),
    // Collect as little as possible; beforeSend scrubs what remains.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { deny: ['authorization', 'cookie'] }, response: false },
      httpBodies: [],
      // `q`: a list's search, which may be a person's name or phone.
      urlQueryParams: { deny: ['token', 'email', 'cnpj', 'redirect', 'q', 'code', 'name', 'phone'] },
    },
    initialScope: { tags: { area } },
    beforeSend: (event) => scrubSentryEvent(event),
    // Spans are streamed (this SDK's default lifecycle): `beforeSendTransaction` would never run (the SDK says so).
    beforeSendSpan: (span) => scrubSpan(span),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  };
}

export function initSentry(env: Env, area: Area) {
  Sentry.init(sentryOptions(env, area));
  return (error: unknown, context?: Record<string, unknown>) => {
    Sentry.captureException(error, context ? { extra: context } : undefined);
  };
}
