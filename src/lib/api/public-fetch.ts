import { getEnv } from '@/config/env';

/**
 * A small JSON fetch for public, session-less calls (the landing's newsletter): no Redux, no token.
 * Failures take the shapes of RTK Query's fetchBaseQuery errors, so `apiErrorMessage` (./errors) turns them into
 * the same pt-BR sentences the signed-in areas show.
 */
export type PublicFetchError =
  | { status: 'FETCH_ERROR'; data?: undefined; error: string }
  | { status: 'TIMEOUT_ERROR'; data?: undefined; error: string }
  | { status: 'PARSING_ERROR'; originalStatus: number; data: string; error: string }
  | { status: number; data: unknown };

export type PublicFetchResult<T> = { data: T; error?: undefined } | { data?: undefined; error: PublicFetchError };

export interface PublicFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Overrides the default timeout (ms). */
  timeoutMs?: number;
  /** Lets the caller cancel; a cancelled call answers FETCH_ERROR. */
  signal?: AbortSignal;
}

/** Tunable for tests only; production uses the default 15 s. */
export const publicFetchSettings = {
  timeoutMs: 15_000,
};

function join(baseUrl: string, path: string): string {
  if (/^[a-z][a-z\d+\-.]*:/i.test(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** `path` is relative to the main API base (`getEnv().apiUrl`). 2xx is success; an empty body gives `null`. */
export async function publicFetch<T = unknown>(
  path: string,
  { method = 'GET', body, timeoutMs = publicFetchSettings.timeoutMs, signal }: PublicFetchOptions = {},
): Promise<PublicFetchResult<T>> {
  const url = join(getEnv().apiUrl, path);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'omit',
      });
      text = await response.text();
    } catch (error) {
      if (timedOut) return { error: { status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' } };
      return { error: { status: 'FETCH_ERROR', error: describe(error) } };
    }

    let data: unknown = null;
    if (text.length > 0) {
      try {
        data = JSON.parse(text);
      } catch (error) {
        return {
          error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: describe(error) },
        };
      }
    }
    if (response.status >= 200 && response.status <= 299) return { data: data as T };
    return { error: { status: response.status, data } };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}
