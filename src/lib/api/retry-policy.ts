import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const MAX_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … doubling, capped at 30 s. `attempt` counts from 1. */
export function retryDelay(attempt: number, base = RETRY_BASE_DELAY_MS): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), RETRY_MAX_DELAY_MS);
}

/** Network errors, timeouts and 5xx (also a 5xx whose body was not JSON) are worth another try. */
export function isRetriableError(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  if (error.status === 'PARSING_ERROR') return error.originalStatus >= 500;
  return typeof error.status === 'number' && error.status >= 500;
}
