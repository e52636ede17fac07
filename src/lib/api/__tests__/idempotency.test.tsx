import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCreateSubmit } from '../idempotency';

type Outcome = { ok: true } | { ok: false; error: unknown };

/** A create trigger that answers the queued outcomes in order and records the keys it was sent. */
function fakeCreate(outcomes: Outcome[]) {
  const keys: string[] = [];
  const create = ({ idempotencyKey }: { input: string; idempotencyKey: string }) => {
    keys.push(idempotencyKey);
    const outcome = outcomes.shift() ?? { ok: true };
    return { unwrap: () => (outcome.ok ? Promise.resolve(`criado ${keys.length}`) : Promise.reject(outcome.error)) };
  };
  return { create, keys };
}

const status = (code: number) => ({ status: code, data: { message: 'x' } });

describe('useCreateSubmit', () => {
  it('replays the key after a 5xx or a network failure, and takes a new one after a 4xx and after a success', async () => {
    const { create, keys } = fakeCreate([
      { ok: false, error: status(503) },
      { ok: false, error: { status: 'FETCH_ERROR', error: 'offline' } },
      { ok: false, error: status(409) },
      { ok: true },
      { ok: true },
    ]);
    const { result } = renderHook(() => useCreateSubmit(create));
    await expect(result.current('a')).rejects.toEqual(status(503));
    await expect(result.current('a')).rejects.toMatchObject({ status: 'FETCH_ERROR' });
    await expect(result.current('a')).rejects.toEqual(status(409));
    await expect(result.current('b')).resolves.toBe('criado 4');
    await expect(result.current('c')).resolves.toBe('criado 5');

    expect(keys[1]).toBe(keys[0]); // the same submission, retried
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]); // the 409 ended it: the corrected one is another submission
    expect(keys[4]).not.toBe(keys[3]); // a success ends it too
    expect(new Set(keys).size).toBe(3);
  });
});
