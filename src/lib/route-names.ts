/**
 * Route names for error reports and traces: `/customers/:id` instead of `/customers/cus_81f…`, `/invite/:token`
 * instead of the invitation's link. Transactions are grouped by screen and no id or credential reaches them.
 *
 * The portal and back office create their data router before Sentry loads (it loads after the first paint), so the
 * react-router integration of @sentry/react, which must wrap `createBrowserRouter`, does not fit: the names come
 * from the same route patterns the screen registries use (src/config/paths.ts).
 */
import { backofficePaths, backofficePatterns, landingPaths, landingPatterns, portalPaths, portalPatterns } from '@/config/paths';

/** Router basenames on local hosts (src/config/areas.ts): kept in front of the name. */
const BASENAME = /^\/(?:portal|backoffice)(?=\/|$)/i;

const stripSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The static routes (the objects also hold the link builders of the routes with parameters). */
const PATH_VALUES: readonly unknown[] = [...Object.values(portalPaths), ...Object.values(backofficePaths), ...Object.values(landingPaths)];
const STATIC_PATHS = new Set(PATH_VALUES.filter((path): path is string => typeof path === 'string').map(stripSlash));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/orders/:id/labels` → /^\/orders\/[^/]+\/labels$/ */
function patternMatcher(pattern: string): RegExp {
  const source = stripSlash(pattern)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${source}$`, 'i');
}

/** Patterns with fewer parameters first: `/orders/:id/labels` before a hypothetical `/orders/:id/:tab`. */
const MATCHERS = [...new Set([...Object.values(portalPatterns), ...Object.values(backofficePatterns), ...Object.values(landingPatterns)])]
  .sort((a, b) => a.split(':').length - b.split(':').length)
  .map((pattern) => ({ pattern: stripSlash(pattern), matcher: patternMatcher(pattern) }));

/**
 * The route a path belongs to: a static route as it is, a route with parameters as its pattern, both with the local
 * basename (`/portal/invite/:token`); null for a path of no route (the not-found page), which callers name as they
 * see fit (scrubbed, see lib/scrub.ts).
 */
export function routeName(pathname: string): string | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const base = BASENAME.exec(path)?.[0] ?? '';
  const rest = stripSlash(path.slice(base.length) || '/');
  if (STATIC_PATHS.has(rest)) return base && rest === '/' ? base : `${base}${rest}`;
  const found = MATCHERS.find(({ matcher }) => matcher.test(rest));
  return found ? `${base}${found.pattern}` : null;
}
