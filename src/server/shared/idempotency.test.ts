/** Idempotency-Key past its window (issue 35): refused, never matched to what it made nor run again. */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, makeUid, makeIdempotencyKey } from '../testing/api';
import { IDEMPOTENCY_KEY_EXPIRED_MESSAGE, IDEMPOTENCY_TTL_MS } from './idempotency';

const ACME = { name: 'Metalúrgica Açores Ltda', tradeName: 'Açores', cnpj: '11.222.333/0001-81', city: 'São José dos Campos', uf: 'sp' };

describe('an Idempotency-Key past its window', () => {
  it('a key reused after its 24 h window is 422 (the same body or another), and nothing is made', async () => {
    const owner = makeUid();
    const key = makeIdempotencyKey();
    const create = (body: object) => call('POST', '/customer', { as: owner, body, headers: { 'Idempotency-Key': key } });
    expect((await create(ACME)).status).toBe(201);
    await env.DB.prepare('UPDATE idempotency_key SET created_at = created_at - ? WHERE owner_uid = ? AND key = ?')
      .bind(IDEMPOTENCY_TTL_MS + 1000, owner, key)
      .run();
    for (const body of [ACME, { ...ACME, name: 'Outra Metalúrgica Ltda' }]) {
      const again = await create(body);
      expect(again.status).toBe(422);
      expect(again.body).toEqual({ error: { code: 'idempotency-key-expired', message: IDEMPOTENCY_KEY_EXPIRED_MESSAGE } });
    }
    const total = await env.DB.prepare('SELECT count(*) AS n FROM customer WHERE owner_uid = ?').bind(owner).first<{ n: number }>();
    expect(total?.n).toBe(1);
  });
});
