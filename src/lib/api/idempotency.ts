import { useCallback, useRef } from 'react';
import { apiErrorStatus } from './errors';

/** A fresh Idempotency-Key for one create; reuse the same key when retrying the same submission. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What an RTK Query create mutation's trigger looks like to `useCreateSubmit`. */
type CreateTrigger<I, R> = (args: { input: I; idempotencyKey: string }) => { unwrap: () => Promise<R> };

/**
 * The submit of a create form: sends `{ input, idempotencyKey }` and owns the key. One key per submission: a retry
 * after a timeout or a 5xx replays it (the server answers the first result, never two records); an answer the
 * server gave about the input (a 4xx: 400, 409, 422) ends that submission, so the corrected one gets a new key,
 * and so does the next record a form that stays open creates after a success.
 */
export function useCreateSubmit<I, R>(create: CreateTrigger<I, R>): (input: I) => Promise<R> {
  const key = useRef<string | null>(null);
  return useCallback(
    async (input: I) => {
      key.current ??= newIdempotencyKey();
      try {
        const created = await create({ input, idempotencyKey: key.current }).unwrap();
        key.current = null;
        return created;
      } catch (error) {
        const status = apiErrorStatus(error);
        if (status !== null && status >= 400 && status < 500) key.current = null;
        throw error;
      }
    },
    [create],
  );
}
