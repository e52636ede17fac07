/**
 * Helpers for the demo handlers: the backend's error shape, authentication and authorization, timestamps as
 * { seconds, nanos }, JSON bodies and idempotent creates. The collection helpers (list, get, create, update,
 * delete of an owned resource) are in collection.ts.
 */
import { HttpResponse, type PathParams } from 'msw';
import type { DemoDb } from './db';
import { membershipOf } from './resources/team/membership';
import { verifyToken, type Principal } from './token';
import { EMAIL_UNVERIFIED_CODE, EMAIL_UNVERIFIED_MESSAGE, needsVerifiedEmail } from './verified';

export interface HandlerContext {
  db: DemoDb;
  apiUrl: string;
  vpnApiUrl: string;
  projectId: string;
}

/** `{ error: { code, message, ...extra } }` with the status; the message is shown to the user. */
export function apiError(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ error: { code, message, ...extra } }, { status });
}

export const unauthorized = () =>
  apiError(401, 'unauthenticated', 'Sessão ausente ou expirada. Entre novamente.');
export const forbidden = () => apiError(403, 'forbidden', 'Acesso restrito à equipe Ponte IIoT.');
/** 404 with the resource's own message ('Cliente não encontrado.'): also for another owner's record, never 403. */
export const notFound = (message = 'Registro não encontrado.') => apiError(404, 'not-found', message);

export type AuthResult = { principal: Principal } | { response: Response };

export function authenticate(request: Request, ctx: HandlerContext): AuthResult {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) return { response: unauthorized() };
  const check = verifyToken(match[1], ctx.projectId);
  if (!check.ok) return { response: unauthorized() };
  if (check.principal.emailVerified === false && needsVerifiedEmail(request)) {
    return { response: apiError(403, EMAIL_UNVERIFIED_CODE, EMAIL_UNVERIFIED_MESSAGE) };
  }
  // A member of a builder's team acts on the builder's account, with its own role (src/testing/fake-api/resources/team).
  const { accountUid, role } = membershipOf(ctx.db.data, check.principal.uid);
  return { principal: { ...check.principal, uid: accountUid, memberUid: check.principal.uid, role } };
}

export function authenticateAdmin(request: Request, ctx: HandlerContext): AuthResult {
  const result = authenticate(request, ctx);
  if ('response' in result) return result;
  return result.principal.admin ? result : { response: forbidden() };
}

/** What a staff-only handler gets: the request, the path's params and the staff member signed in. */
export interface AdminRequest {
  request: Request;
  params: PathParams;
  principal: Principal;
}

/**
 * An MSW resolver for the staff only: 401 without a token, 403 without the admin claim (`authenticateAdmin`);
 * otherwise `handle` answers. `http.get(base, adminOnly(ctx, ({ request }) => …))`.
 */
export function adminOnly(ctx: HandlerContext, handle: (info: AdminRequest) => Response | Promise<Response>) {
  return ({ request, params }: { request: Request; params: PathParams }): Response | Promise<Response> => {
    const auth = authenticateAdmin(request, ctx);
    return 'response' in auth ? auth.response : handle({ request, params, principal: auth.principal });
  };
}

/** Epoch ms → { seconds, nanos }, recursively for fields ending in "At" and the valid* dates. */
export function timestamp(ms: number) {
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1_000_000 };
}

const TIME_FIELD = /(At|^validFrom|^validUntil)$/;

export function serialize<T>(record: T): unknown {
  if (Array.isArray(record)) return record.map((item) => serialize(item));
  if (record && typeof record === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      if (key === 'ownerUid') continue;
      out[key] = TIME_FIELD.test(key) && typeof value === 'number' ? timestamp(value) : serialize(value);
    }
    return out;
  }
  return record;
}

export async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const invalidBody = () => apiError(400, 'invalid-body', 'O corpo da requisição deve ser um JSON válido.');

export function validationError(message: string, field?: string) {
  return HttpResponse.json({ error: { code: 'validation', message, ...(field ? { field } : {}) } }, { status: 400 });
}

/** Creates still running, per database and key: a second request with the same key waits for the first. */
const inFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Idempotent create: a repeated Idempotency-Key replays the first answer instead of creating again, even when
 * the two requests arrive together (the second waits for the first). The key is bound to the caller and the route.
 */
export async function idempotent(
  request: Request,
  ctx: HandlerContext,
  principalUid: string,
  create: () => Promise<Response> | Response,
): Promise<Response> {
  const key = request.headers.get('Idempotency-Key');
  if (!key) return create();
  let running = inFlight.get(ctx.db);
  if (!running) {
    running = new Map();
    inFlight.set(ctx.db, running);
  }
  for (let pending = running.get(key); pending; pending = running.get(key)) await pending.catch(() => undefined);

  const scope = `${principalUid} ${request.method} ${new URL(request.url).pathname}`;
  const previous = ctx.db.data.idempotency[key];
  if (previous) {
    if (previous.scope !== scope) {
      return apiError(422, 'idempotency-key-reused', 'Chave de idempotência já usada em outra operação.');
    }
    return HttpResponse.json(previous.body as Record<string, unknown>, { status: previous.status });
  }
  const attempt = (async () => {
    const response = await create();
    // Only what was done is replayed: a refused create (400, 409) may be retried with the same key once fixed.
    if (response.ok) {
      const body: unknown = await response.clone().json().catch(() => null);
      ctx.db.data.idempotency[key] = { status: response.status, body, scope, createdAt: Date.now() };
      ctx.db.save();
    }
    return response;
  })();
  running.set(key, attempt);
  try {
    return await attempt;
  } finally {
    running.delete(key);
  }
}
