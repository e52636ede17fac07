/** Calls to the Worker under test, as a client would make them, and the accounts they act as. */
import { env, SELF } from 'cloudflare:test';
import { answerProblem } from './conformance';
import { makeEmulatorToken } from './tokens';
import type { TeamRole } from '@/contracts/team-roles';

export interface CallOptions {
  /** A uid (an emulator token is made for it) or a whole token; none: no Authorization header. */
  as?: string | { token: string };
  body?: unknown;
  headers?: Record<string, string>;
  admin?: boolean;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

const BASE = 'http://localhost';

export async function call<T = Record<string, unknown>>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers = new Headers(options.headers);
  if (options.as !== undefined) {
    const token = typeof options.as === 'string' ? makeEmulatorToken({ uid: options.as, admin: options.admin }) : options.as.token;
    headers.set('Authorization', `Bearer ${token}`);
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  const response = await SELF.fetch(`${BASE}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = text;
  }
  const problem = answerProblem(env.WORKER_UNDER_TEST, method, path, response.status, response.headers.get('content-type'), parsed);
  if (problem) throw new Error(`Resposta fora da descrição OpenAPI — ${problem}`);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

let counter = 0;
/** A fresh builder uid: each test works on an account of its own. */
export function makeUid(prefix = 'builder'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Adds `memberUid` to `accountUid`'s team with a role (the builder itself needs no row: it is Administrador). */
export async function arrangeMember(accountUid: string, memberUid: string, role: TeamRole): Promise<void> {
  const now = Date.now();
  await env.DB.prepare(
    'INSERT INTO team_member (uid, account_uid, name, email, role, joined_at, version, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?)',
  )
    .bind(memberUid, accountUid, memberUid, `${memberUid}@example.com`, role, now, now)
    .run();
}

/** A key for one create. */
export const makeIdempotencyKey = () => crypto.randomUUID();
