import {
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { convertTimestamps } from '../dates';
import { isRetriableError, MAX_RETRIES, retryDelay } from './retry-policy';
import { getToken } from './token';

/** A request; `idempotent: true` lets a mutation be retried like a query (PUT with the same body, say). */
export interface ApiRequest extends FetchArgs {
  idempotent?: boolean;
}

export type ApiBaseQuery = BaseQueryFn<string | ApiRequest, unknown, FetchBaseQueryError, { maxRetries?: number }>;

/** Tunable for tests only; production uses the defaults. */
export const apiSettings = {
  timeoutMs: 15_000,
  retryBaseDelayMs: 1000,
};

function requestUrl(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/** Relative paths always target the base; an absolute URL only when it lies under the base. */
export function targetsBase(url: string, baseUrl: string): boolean {
  if (!/^[a-z][a-z\d+\-.]*:/i.test(url) && !url.startsWith('//')) return true;
  return url === baseUrl || url.startsWith(`${baseUrl}/`) || url.startsWith(`${baseUrl}?`);
}

/**
 * One base query per backend: adds `Authorization: Bearer <Firebase ID token>` (unless the request brings its
 * own header, as GET /me may), only ever for the configured base; converts { seconds, nanos } to Date; treats
 * 2xx as success; retries queries, and mutations sent with `idempotent: true`, on network errors, timeouts and
 * 5xx — 3 times, 1 s doubling to 30 s. Other mutations are never retried (a retried create could duplicate).
 */
export function createBaseQuery(resolveBaseUrl: () => string): ApiBaseQuery {
  let cached: { baseUrl: string; query: ReturnType<typeof fetchBaseQuery> } | null = null;

  const single: ApiBaseQuery = async (args, api, extraOptions) => {
    const baseUrl = resolveBaseUrl();
    if (!cached || cached.baseUrl !== baseUrl) {
      cached = {
        baseUrl,
        query: fetchBaseQuery({
          baseUrl,
          timeout: apiSettings.timeoutMs,
          validateStatus: (response) => response.status >= 200 && response.status <= 299,
          prepareHeaders: async (headers, { arg }) => {
            if (!headers.has('Accept')) headers.set('Accept', 'application/json');
            if (headers.has('Authorization') || !targetsBase(requestUrl(arg), baseUrl)) return headers;
            const token = await getToken();
            if (token) headers.set('Authorization', `Bearer ${token}`);
            return headers;
          },
        }),
      };
    }
    const request: FetchArgs = typeof args === 'string' ? { url: args } : stripOptions(args);
    const result = await cached.query(request, api, extraOptions ?? {});
    if (result.error) return { error: result.error, meta: result.meta };
    return { data: convertTimestamps(result.data), meta: result.meta };
  };

  return retry(single, {
    // retryCondition decides on its own (RTK ignores maxRetries with it), so it checks the limit itself: the
    // endpoint's `extraOptions: { maxRetries }` (0 for a look-up that should fail fast), else MAX_RETRIES.
    retryCondition: (
      error: unknown,
      args: string | ApiRequest,
      { attempt, baseQueryApi, extraOptions }: { attempt: number; baseQueryApi: { type: string }; extraOptions: unknown },
    ) => {
      const retriable = baseQueryApi.type === 'query' || (typeof args === 'object' && args.idempotent === true);
      return attempt <= maxRetriesOf(extraOptions) && retriable && isRetriableError(error as FetchBaseQueryError);
    },
    backoff: (attempt) =>
      new Promise((resolve) => setTimeout(resolve, retryDelay(attempt, apiSettings.retryBaseDelayMs))),
  }) as ApiBaseQuery;
}

/** An endpoint's own retry limit (`extraOptions: { maxRetries: 0 }`), else the default. */
function maxRetriesOf(extraOptions: unknown): number {
  const value = (extraOptions as { maxRetries?: unknown } | undefined)?.maxRetries;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : MAX_RETRIES;
}

function stripOptions(args: ApiRequest): FetchArgs {
  const { idempotent: _ignored, ...rest } = args;
  return rest;
}
