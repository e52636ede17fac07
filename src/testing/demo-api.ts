/** Requests to the demo backend as the SPA's unit tests run it (MSW in Node, src/testing/msw-server.ts). */
import { TEST_API_URL } from './msw-server';

/** One page of a list, as every list route answers it. */
export interface ApiPage<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}

/**
 * `path` on the demo's main API (`base`: another one, e.g. the VPN API); `token` becomes the bearer; a body, or
 * `json` serialised, is sent as JSON.
 */
export function call(
  path: string,
  init: RequestInit & { token?: string; json?: unknown; base?: string } = {},
): Promise<Response> {
  const { token, json: value, base = TEST_API_URL, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = value !== undefined ? JSON.stringify(value) : rest.body;
  if (body) headers.set('Content-Type', 'application/json');
  return fetch(`${base}${path}`, { ...rest, body, headers });
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
