/** What every route answers the same way, whatever the resource: unknown routes, oversized and broken bodies, CORS. */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, makeUid, makeIdempotencyKey } from '../testing/api';

describe('the app', () => {
  it('answers an unknown route with 404 JSON, never an HTML page', async () => {
    const answer = await call('GET', '/nothing-here', { as: makeUid() });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('Content-Type')).toContain('application/json');
    expect(answer.body).toEqual({ error: { code: 'route-not-found', message: 'Rota inexistente: GET /nothing-here' } });
  });

  it('refuses 1 MB of JSON with 413 and a pt-BR message, creating nothing', async () => {
    const owner = makeUid();
    const huge = { name: 'x'.repeat(1024 * 1024), cnpj: '11.222.333/0001-81' };
    const answer = await call('POST', '/customer', { as: owner, body: huge, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: { code: 'body-too-large', message: 'O corpo da requisição é grande demais (máximo de 256 KB).' } });
    expect((await call<{ meta: { total: number } }>('GET', '/customer', { as: owner })).body.meta.total).toBe(0);
  });

  it('says which field is wrong when a string comes where a number goes', async () => {
    const answer = await call('POST', '/machine-model', {
      as: makeUid(),
      body: { name: 'Injetora', services: [{ name: 'HMI', protocol: 'http', port: 'oitenta' }] },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'validation', field: expect.stringContaining('services') } });
  });

  it('allows the configured origins only (CORS)', async () => {
    const allowed = await call('OPTIONS', '/customer', {
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,idempotency-key' },
    });
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:5173');
    const other = await call('OPTIONS', '/customer', {
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('describes itself in OpenAPI 3.1, every operation with its access and answers', async () => {
    const doc = await call<{ openapi: string; paths: Record<string, Record<string, { 'x-access'?: string; responses?: object }>> }>(
      'GET',
      '/openapi.json',
    );
    expect(doc.body.openapi).toBe('3.1.0');
    const operations = Object.values(doc.body.paths).flatMap((path) => Object.values(path));
    expect(operations.length).toBeGreaterThan(80);
    for (const operation of operations) {
      expect(operation['x-access']).toBeTruthy();
      expect(Object.keys(operation.responses ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('marks every answer nosniff, an authenticated one no-store, and an HTTPS one HSTS (issue 35)', async () => {
    const owner = makeUid();
    const authenticated = await call('GET', '/customer', { as: owner });
    expect(authenticated.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(authenticated.headers.get('Cache-Control')).toBe('no-store');
    expect(authenticated.headers.get('Strict-Transport-Security')).toBeNull();
    // An authenticated failure too (the error handler's answer) and an unknown route.
    const refused = await call('GET', '/customer', { as: { token: 'garbage' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    expect(refused.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect((await call('GET', '/nothing-here', { as: owner })).headers.get('X-Content-Type-Options')).toBe('nosniff');

    const publicAnswer = await call('GET', '/openapi.json');
    expect(publicAnswer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(publicAnswer.headers.get('Cache-Control')).not.toBe('no-store');

    const overHttps = await SELF.fetch('https://localhost/openapi.json');
    await overHttps.arrayBuffer();
    expect(overHttps.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    expect(overHttps.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
