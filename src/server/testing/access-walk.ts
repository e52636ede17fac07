/**
 * The route × role walk: a table lists every route a Worker serves with its access and a sample path naming the
 * demo seed's records (the demo customer Maria's, unless the route is the staff's). The walk fails on a route the
 * table does not list (or lists but nobody serves), on a documented access that differs from the table, and on
 * any answer that is not the table's rule: 401 without a token, 403 for the roles the access table refuses (with
 * the reason), another builder's id → 404 — and on any answer whose status the route does not describe or whose
 * body does not validate against the described schema.
 *
 * It runs on a database of its own (ACCESS_DB) loaded with the whole demo seed. Calls that a role is allowed to
 * make are sent only for reads (GET): the walk never changes the seed it stands on.
 */
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { z } from '@hono/zod-openapi';
import { remoteAdminForbiddenMessage } from '@/contracts/remote-access';
import { resetDemo } from '../demo/reset';
import type { Access } from '../shared/access';
import type { App } from '../shared/app';
import { errorSchema } from '../shared/openapi';
import { makeEmulatorToken } from './tokens';

export interface RouteRule {
  access: Access;
  /** A concrete path for the route (seeded ids). */
  path: string;
  /** Names one of Maria's records: another builder gets 404 (a body is sent when the route validates one). */
  owned?: boolean;
  body?: unknown;
  /** Demo mode only: 404 like an unknown route outside it (the tests' Workers run without DEMO). */
  demoOnly?: boolean;
}

/** `'GET /customer/{id}'` → its rule. */
export type RouteTable = Record<string, RouteRule>;

export const MARIA = 'demo-cliente-maria';
export const CARLOS_TECNICO = 'demo-tecnico-carlos';
export const JULIANA_LEITURA = 'demo-leitura-juliana';
export const SERRA = 'demo-montadora-serra';
export const RAFAEL_STAFF = 'demo-admin-rafael';

const ROLE_LABEL = { tecnico: 'Técnico', leitura: 'Leitura' } as const;
const WHAT = { edit: 'alterar dados', purchase: 'fazer compras', team: 'gerenciar a equipe' } as const;

interface RouteConfigLike {
  method: string;
  path: string;
  'x-access'?: string;
  hide?: boolean;
  responses: Record<string, { content?: Record<string, { schema: z.ZodType }> }>;
}

/** Every route an app serves: `METHOD /path/{param}` (middleware-only entries left out). */
export function servedRoutes(app: App): string[] {
  const served = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path === '/openapi.json') continue;
    served.add(`${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return [...served].sort();
}

function configsOf(app: App): Map<string, RouteConfigLike> {
  const configs = new Map<string, RouteConfigLike>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route as unknown as RouteConfigLike;
    configs.set(`${route.method.toUpperCase()} ${route.path}`, route);
  }
  return configs;
}

async function send(app: App, key: string, rule: RouteRule, as: string | null, admin = false) {
  const method = key.split(' ')[0] ?? 'GET';
  const headers = new Headers({ 'If-Match': '1', 'Idempotency-Key': `walk-${crypto.randomUUID()}` });
  if (as) headers.set('Authorization', `Bearer ${makeEmulatorToken({ uid: as, admin })}`);
  let body: string | undefined;
  if (rule.body !== undefined) {
    body = JSON.stringify(rule.body);
    headers.set('Content-Type', 'application/json');
  }
  const response = await app.request(rule.path, { method, headers, body }, { ...env, DB: env.ACCESS_DB });
  const text = await response.text();
  const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json');
  // A file (a VPN configuration) is not validated against a JSON schema.
  return { status: response.status, body: text === '' || !isJson ? null : (JSON.parse(text) as unknown) };
}

/** The answer's status is described by the route, and its JSON body validates against the described schema. */
function expectDescribed(key: string, config: RouteConfigLike | undefined, answer: { status: number; body: unknown }) {
  if (!config) return;
  const described = config.responses[String(answer.status)];
  expect(described, `${key}: answered ${answer.status}, not described in its OpenAPI responses`).toBeDefined();
  const schema = described?.content?.['application/json']?.schema;
  if (schema && answer.body !== null) {
    const parsed = schema.safeParse(answer.body);
    expect(parsed.success, `${key} ${answer.status}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
  }
}

function expectRefused(key: string, answer: { status: number; body: unknown }, status: number, code: string, message: string) {
  expect(answer, key).toEqual({ status, body: { error: { code, message } } });
  expect(errorSchema.safeParse(answer.body).success).toBe(true);
}

export async function arrangeSeed(): Promise<void> {
  const { applyD1Migrations } = await import('cloudflare:test');
  await applyD1Migrations(env.ACCESS_DB, env.TEST_MIGRATIONS);
  await resetDemo({ ...env, DB: env.ACCESS_DB });
}

/** Every route listed, documented with the table's access; the demo-only ones hidden. */
export function checkListing(app: App, table: RouteTable): void {
  expect(servedRoutes(app)).toEqual(Object.keys(table).sort());
  const configs = configsOf(app);
  for (const [key, rule] of Object.entries(table)) {
    const config = configs.get(key);
    if (rule.demoOnly) continue;
    expect(config?.['x-access'], `${key}: documented access`).toBe(rule.access);
  }
}

/** One route's rules, walked. */
export async function walkRoute(app: App, key: string, rule: RouteRule): Promise<void> {
  const config = configsOf(app).get(key);
  const isRead = key.startsWith('GET ');
  if (rule.demoOnly) {
    for (const as of [null, MARIA]) {
      const answer = await send(app, key, rule, as);
      expect(answer.status, `${key} outside demo mode`).toBe(404);
      expect(answer.body).toMatchObject({ error: { code: 'route-not-found' } });
    }
    return;
  }
  if (rule.access !== 'public') {
    const anonymous = await send(app, key, rule, null);
    expectRefused(key, anonymous, 401, 'unauthenticated', 'Sessão ausente ou expirada. Entre novamente.');
    expectDescribed(key, config, anonymous);
  }
  if (rule.access === 'staff') {
    const customer = await send(app, key, rule, MARIA);
    expectRefused(key, customer, 403, 'forbidden', 'Acesso restrito à equipe Ponte IIoT.');
    expectDescribed(key, config, customer);
    if (isRead) {
      const staff = await send(app, key, rule, RAFAEL_STAFF, true);
      expect(staff.status, `${key} as staff`).toBe(200);
      expectDescribed(key, config, staff);
    }
    return;
  }
  const refusedRoles: Array<keyof typeof ROLE_LABEL> =
    rule.access === 'edit'
      ? ['leitura']
      : rule.access === 'purchase' || rule.access === 'team' || rule.access === 'remote-admin'
        ? ['tecnico', 'leitura']
        : rule.access === 'team-read'
          ? ['tecnico']
          : [];
  for (const role of refusedRoles) {
    const as = role === 'tecnico' ? CARLOS_TECNICO : JULIANA_LEITURA;
    const answer = await send(app, key, rule, as);
    const what = WHAT[(rule.access === 'team-read' ? 'team' : rule.access) as keyof typeof WHAT];
    const message =
      rule.access === 'remote-admin' ? remoteAdminForbiddenMessage(role) : `Seu perfil (${ROLE_LABEL[role]}) não permite ${what}.`;
    expectRefused(key, answer, 403, 'role-forbidden', message);
    expectDescribed(key, config, answer);
  }
  if (isRead && rule.access !== 'public') {
    const readers = rule.access === 'read' ? [CARLOS_TECNICO, JULIANA_LEITURA] : rule.access === 'team-read' ? [JULIANA_LEITURA] : [];
    for (const as of [MARIA, ...readers]) {
      const answer = await send(app, key, rule, as);
      expect(answer.status, `${key} as ${as}`).toBe(200);
      expectDescribed(key, config, answer);
    }
  }
  if (rule.owned) {
    const stranger = await send(app, key, rule, SERRA);
    expect(stranger.status, `${key}: another builder's record`).toBe(404);
    expect(stranger.body).toMatchObject({ error: { code: 'not-found' } });
    expectDescribed(key, config, stranger);
  }
}
