/**
 * Helpers for the demo handlers: the backend's error shape, authentication and authorization, timestamps as
 * { seconds, nanos }, list pages and idempotent creates.
 */
import { HttpResponse } from 'msw';
import type { DemoDb } from './db';
import { verifyToken, type Principal } from './token';

export interface HandlerContext {
  db: DemoDb;
  apiUrl: string;
  vpnApiUrl: string;
  projectId: string;
}

export function apiError(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}

export const unauthorized = () =>
  apiError(401, 'unauthenticated', 'Sessão ausente ou expirada. Entre novamente.');
export const forbidden = () => apiError(403, 'forbidden', 'Acesso restrito à equipe Ponte IIoT.');
export const notFound = (what = 'Registro') => apiError(404, 'not-found', `${what} não encontrado.`);

export type AuthResult = { principal: Principal } | { response: Response };

export function authenticate(request: Request, ctx: HandlerContext): AuthResult {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) return { response: unauthorized() };
  const check = verifyToken(match[1], ctx.projectId);
  if (!check.ok) return { response: unauthorized() };
  return { principal: check.principal };
}

export function authenticateAdmin(request: Request, ctx: HandlerContext): AuthResult {
  const result = authenticate(request, ctx);
  if ('response' in result) return result;
  return result.principal.admin ? result : { response: forbidden() };
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

export interface ListQuery {
  page: number;
  perPage: number;
  q: string;
  sort: string;
}

export function listQuery(request: Request): ListQuery {
  const url = new URL(request.url);
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const perPage = Number.parseInt(url.searchParams.get('perPage') ?? '20', 10);
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    perPage: Number.isFinite(perPage) ? Math.min(Math.max(perPage, 1), 100) : 20,
    q: (url.searchParams.get('q') ?? '').trim(),
    sort: url.searchParams.get('sort') ?? '',
  };
}

/** { data, meta: { page, perPage, total } } */
export function page<T>(rows: T[], query: ListQuery) {
  const start = (query.page - 1) * query.perPage;
  return HttpResponse.json({
    data: serialize(rows.slice(start, start + query.perPage)),
    meta: { page: query.page, perPage: query.perPage, total: rows.length },
  });
}

/**
 * Idempotent create: a repeated Idempotency-Key replays the first answer instead of creating again.
 * The key is bound to the caller and the route.
 */
export async function idempotent(
  request: Request,
  ctx: HandlerContext,
  principalUid: string,
  create: () => Promise<Response> | Response,
): Promise<Response> {
  const key = request.headers.get('Idempotency-Key');
  if (!key) return create();
  const scope = `${principalUid} ${request.method} ${new URL(request.url).pathname}`;
  const previous = ctx.db.data.idempotency[key];
  if (previous) {
    if (previous.scope !== scope) {
      return apiError(422, 'idempotency-key-reused', 'Chave de idempotência já usada em outra operação.');
    }
    return HttpResponse.json(previous.body as Record<string, unknown>, { status: previous.status });
  }
  const response = await create();
  if (response.status < 500) {
    const body: unknown = await response.clone().json().catch(() => null);
    ctx.db.data.idempotency[key] = { status: response.status, body, scope, createdAt: Date.now() };
    ctx.db.save();
  }
  return response;
}
