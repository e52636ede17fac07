import { describe, expect, it } from 'vitest';
import { call, newKey } from '../../../testing/api';
import { ALREADY_SUBSCRIBED } from './routes';

describe('POST /newsletter', () => {
  it('subscribes an e-mail once (public, lower-cased), validates it', async () => {
    const email = `Leitor.${newKey()}@Exemplo.com.br`;
    const first = await call('POST', '/newsletter', { body: { email: ` ${email} ` } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ email: email.toLowerCase() });
    const again = await call('POST', '/newsletter', { body: { email: email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'already-subscribed', message: ALREADY_SUBSCRIBED } });
    const bad = await call('POST', '/newsletter', { body: { email: 'nao-e-email' } });
    expect(bad.body).toEqual({ error: { code: 'validation', message: 'E-mail inválido. Use o formato nome@empresa.com.br.', field: 'email' } });
    const missing = await call('POST', '/newsletter', { body: {} });
    expect(missing.body).toEqual({ error: { code: 'validation', message: 'Informe o e-mail.', field: 'email' } });
    expect((await call('POST', '/newsletter', { body: '{' })).status).toBe(400);
  });
});
