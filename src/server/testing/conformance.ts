/**
 * Every answer a server test receives is held to the OpenAPI description of its route: the route is described,
 * the status is one the description lists, and a JSON body validates against the zod schema the document was made
 * from. `call()` (testing/api.ts) runs this on each answer, so the 300-odd server tests double as a check that the
 * document tells the truth (routes' handlers answer `c.json(... as never)`, which TypeScript cannot hold to it).
 */
import { app as mainApp } from '../main/index';
import { app as vpnApp } from '../vpn/index';

interface Schema {
  safeParse?: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}
interface DescribedAnswer {
  content?: Record<string, { schema?: Schema }>;
}
interface DescribedRoute {
  method: string;
  path: string;
  responses: Record<string, DescribedAnswer>;
}
interface Definition {
  type: string;
  route?: DescribedRoute;
}
type App = typeof mainApp;

const described = new Map<App, { route: DescribedRoute; pattern: RegExp; params: number }[]>();

function routesOf(app: App) {
  let routes = described.get(app);
  if (!routes) {
    routes = (app.openAPIRegistry.definitions as Definition[])
      .filter((definition): definition is Required<Definition> => definition.type === 'route' && !!definition.route)
      .map(({ route }) => ({
        route,
        pattern: new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (route.path.match(/\{/g) ?? []).length,
      }))
      // A static segment wins over a parameter (`/machine/search` before `/machine/{id}`).
      .sort((a, b) => a.params - b.params);
    described.set(app, routes);
  }
  return routes;
}

/** The described route answering `method pathname`, if any. */
export function describedRoute(app: App, method: string, pathname: string): DescribedRoute | undefined {
  const lower = method.toLowerCase();
  return routesOf(app).find((entry) => entry.route.method === lower && entry.pattern.test(pathname))?.route;
}

/**
 * What is wrong with an answer, measured against its route's description; null when nothing is. Answers of no
 * described route (an unknown path, the document itself, a CORS preflight) are the app's own and not checked here.
 */
export function answerProblem(
  worker: 'main' | 'vpn',
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string | null {
  if (method === 'OPTIONS') return null;
  const app = worker === 'main' ? mainApp : vpnApp;
  const pathname = new URL(url, 'http://localhost').pathname;
  const route = describedRoute(app, method, pathname);
  if (!route) return null;
  const answer = route.responses[String(status)];
  const where = `${method} ${route.path} → ${status}`;
  if (!answer) return `${where}: status não descrito no OpenAPI (descritos: ${Object.keys(route.responses).join(', ')})`;
  const schema = answer.content?.['application/json']?.schema;
  if (!schema?.safeParse) return null;
  if (!contentType?.includes('application/json')) return `${where}: descrito como JSON, respondido como ${contentType ?? 'nada'}`;
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issues = (result.error?.issues ?? [])
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(raiz)'}: ${issue.message}`)
    .join('; ');
  return `${where}: corpo fora do esquema descrito (${issues})`;
}
