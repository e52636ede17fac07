/**
 * Rate limits (issue 35, item 6) on the routes a script would abuse: sign-up, invitations, setup-code look-ups, the
 * newsletter, the factory's decisions and CSP reports. Each has a Cloudflare Rate Limiting binding of its own
 * (`ratelimits` in main/wrangler.jsonc: the limit per 60 s lives there, with the binding; `wrangler dev` and the
 * server tests run the same in-memory limiter locally) and is counted per client address and, where the request
 * carries a valid session, per account too. Over either: 429 `rate-limited`, a pt-BR message and `Retry-After`.
 *
 * The limits are set so that a person never meets them and a script soon does (sign-up: 10 a minute per address).
 * The binding counts in fixed windows per Cloudflare location: a burst may straddle two windows, so up to twice the
 * limit can pass in a minute — still far from an abuse.
 *
 * `rateLimits(app)` is called before the routes are registered: the middleware then runs before each limited
 * route's guard and handler, and each limited route's OpenAPI description gets the 429 answer.
 */
import type { RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { authenticate } from './access';
import type { App } from './app';
import type { AppEnv } from './app-env';
import type { Env } from './env';
import { errorSchema, json } from './openapi';

export const RATE_LIMITED_CODE = 'rate-limited';
export const RATE_LIMITED_MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente novamente.';
export const RATE_LIMIT_UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente mais tarde.';
/** The bindings' period (wrangler.jsonc): the `Retry-After` of a 429, in seconds. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

type RateLimitBinding = {
  [K in keyof Env]-?: NonNullable<Env[K]> extends RateLimit ? K : never;
}[keyof Env];

export interface RateLimitRule {
  /** The binding that counts (its limit per minute is in wrangler.jsonc). */
  binding: RateLimitBinding;
  method: 'GET' | 'POST';
  /** Hono paths. */
  paths: readonly string[];
}

/** The limited routes. Limits per minute (wrangler.jsonc): see each binding there. */
export const RATE_LIMIT_RULES: readonly RateLimitRule[] = [
  { binding: 'RATE_LIMIT_SIGN_UP', method: 'POST', paths: ['/assembler'] },
  { binding: 'RATE_LIMIT_INVITATION', method: 'POST', paths: ['/team/invitation', '/team/invitation/:id/resend'] },
  { binding: 'RATE_LIMIT_SETUP_CODE', method: 'GET', paths: ['/device/setup/:code'] },
  { binding: 'RATE_LIMIT_SETUP_CODE', method: 'POST', paths: ['/device/claim'] },
  { binding: 'RATE_LIMIT_NEWSLETTER', method: 'POST', paths: ['/newsletter'] },
  { binding: 'RATE_LIMIT_FACTORY_DECISION', method: 'POST', paths: ['/factory-approval/decision'] },
  { binding: 'RATE_LIMIT_CSP_REPORT', method: 'POST', paths: ['/csp-report'] },
];

/** A path's shape, whatever its parameters are called: `/device/setup/{code}` and `/device/setup/:code` alike. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}|:[^/]+/g, ':');

export function ruleFor(method: string, path: string): RateLimitRule | undefined {
  const upper = method.toUpperCase();
  const shape = shapeOf(path);
  return RATE_LIMIT_RULES.find((rule) => rule.method === upper && rule.paths.some((candidate) => shapeOf(candidate) === shape));
}

/**
 * The key of a client address: an IPv4 address as is; an IPv6 one by its /64 (one subscriber's network: a script
 * there has 2^64 addresses to rotate through).
 */
export function addressKey(address: string): string {
  const ip = address.trim().toLowerCase();
  if (!ip.includes(':')) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `ip6:${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * What a request is counted by: its client address (`CF-Connecting-IP`, which Cloudflare's edge always sets and a
 * client cannot forge; `wrangler dev` sets it to the local client's) and its account when it carries a valid
 * session. A request with no address never came through the edge nor `wrangler dev` (a server test's direct call):
 * it is counted by its account only, or not at all on a public route.
 */
async function keysOf(c: Context<AppEnv>): Promise<string[]> {
  const keys: string[] = [];
  const address = c.req.header('cf-connecting-ip');
  if (address) keys.push(addressKey(address));
  if (c.req.header('authorization')) {
    try {
      const principal = await authenticate(c.req.raw, c.env, c.var.db);
      keys.push(`account:${principal.uid}`);
    } catch {
      // No valid session: the route's guard answers it (401/403); the address still counted it.
    }
  }
  return keys;
}

function limiter(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== rule.method) return next();
    const binding = c.env[rule.binding];
    if (!binding) {
      // A missing binding is a broken deploy (the bindings ship in wrangler.jsonc with the code). Fail closed, as a
      // missing required setting does (issue 35, item 5): these routes are the ones scripts abuse, and serving them
      // unlimited would hide the fault until the abuse shows it; a 503 and this log show it at the first request.
      console.error(`Rate limiting: the binding ${rule.binding} is missing; ${rule.method} ${c.req.path} answers 503.`);
      return c.json({ error: { code: 'rate-limit-unavailable', message: RATE_LIMIT_UNAVAILABLE_MESSAGE } }, 503);
    }
    for (const key of await keysOf(c)) {
      let success: boolean;
      try {
        ({ success } = await binding.limit({ key }));
      } catch (error) {
        // The limiter itself failing (the binding is there) is Cloudflare's transient fault: fail open, so that a
        // hiccup of a shield against scripts does not refuse people; logged so a lasting one is seen.
        console.error(`Rate limiting: ${rule.binding} failed (${error instanceof Error ? error.name : 'error'}); let through.`);
        success = true;
      }
      if (!success) {
        return c.json({ error: { code: RATE_LIMITED_CODE, message: RATE_LIMITED_MESSAGE } }, 429, {
          'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS),
        });
      }
    }
    return next();
  };
}

const tooManyRequests = {
  ...json(errorSchema, 'Tentativas demais do mesmo endereço ou da mesma conta em um minuto (`rate-limited`); ver `Retry-After`.'),
  headers: { 'Retry-After': { description: 'Segundos a esperar.', schema: { type: 'integer' as const } } },
};

/**
 * Registers the limits on `app`: call it before the routes. Each limited route, as it registers, gets the 429 in its
 * OpenAPI description (the document and the answers the server tests hold to it), unless it declares its own.
 */
export function rateLimits(app: App): void {
  for (const rule of RATE_LIMIT_RULES) for (const path of rule.paths) app.use(path, limiter(rule));
  const registry = app.openAPIRegistry;
  const registerPath = registry.registerPath.bind(registry);
  registry.registerPath = (route: RouteConfig) => {
    const limited = ruleFor(route.method, route.path) !== undefined;
    registerPath(limited ? { ...route, responses: { 429: tooManyRequests, ...route.responses } } : route);
  };
}
