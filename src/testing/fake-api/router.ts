/**
 * One entry point per backend for the demo's routes.
 *
 * MSW tries its handlers one by one for every request it is given, and for each one clones the request, matches
 * its URL against the handler's path and parses the cookies before it knows whether the method even fits. With a
 * route per endpoint that walk was most of what a list request of the large demo cost (measured by
 * `npm run bench`, when the demo still ran in the page's main thread), and it grows with every resource.
 *
 * `routeByPrefix` hands MSW one handler per backend base URL instead. That handler keeps the routes in their
 * order and lets MSW run only those whose method fits the request and whose fixed path prefix (the path up to its
 * first `:param` or `*`) the URL starts with; everything else about matching, params and resolvers is MSW's own.
 * A route that answers nothing (a pass-through such as the cross-tab catch-up or the latency) lets the next run,
 * as MSW itself does.
 */
import { http, type HttpHandler, type RequestHandler } from 'msw';

interface Route {
  handler: RequestHandler;
  /** Upper-case method, or null for any (`http.all`). */
  method: string | null;
  /** The URL prefix every request this route can match starts with. */
  prefix: string;
}

function staticPrefix(path: string): string {
  // After the scheme's "://" (and the port's ":"): the first ":param" or "*" of the path.
  const pathStart = path.indexOf('/', path.indexOf('://') + 3);
  if (pathStart === -1) return path;
  const cut = path.slice(pathStart).search(/[:*]/);
  return cut === -1 ? path : path.slice(0, pathStart + cut);
}

function routeOf(handler: RequestHandler): Route | null {
  const info = handler.info as { method?: unknown; path?: unknown };
  if (typeof info.path !== 'string') return null;
  const method = typeof info.method === 'string' ? info.method.toUpperCase() : null;
  return { handler, method, prefix: staticPrefix(info.path) };
}

/**
 * The routes of `bases` (each `http://host:port`), grouped behind one MSW handler per base, in their order.
 * Routes of other origins, or with a RegExp or function path, stay as they are, after the groups.
 */
export function routeByPrefix(
  bases: readonly string[],
  handlers: readonly RequestHandler[],
  /** Runs after a route answered, before the answer leaves (the demo waits there for its data to be stored). */
  beforeAnswer?: (request: Request) => Promise<void>,
): RequestHandler[] {
  const groups = new Map<string, Route[]>(bases.map((base) => [base, []]));
  const others: RequestHandler[] = [];
  for (const handler of handlers) {
    const route = routeOf(handler);
    const base = route ? bases.find((candidate) => route.prefix.startsWith(`${candidate}/`)) : undefined;
    if (route && base) groups.get(base)?.push(route);
    else others.push(handler);
  }

  const dispatchers: HttpHandler[] = [...groups].map(([base, routes]) =>
    http.all(`${base}/*`, async ({ request, requestId }) => {
      const method = request.method.toUpperCase();
      for (const route of routes) {
        if (route.method !== null && route.method !== method) continue;
        if (!request.url.startsWith(route.prefix)) continue;
        const result = await route.handler.run({ request, requestId });
        if (result?.response) {
          if (beforeAnswer) await beforeAnswer(request);
          return result.response;
        }
      }
      return undefined;
    }),
  );
  return [...dispatchers, ...others];
}
