import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES, PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import { server, testFaults, testSql, TEST_API_URL } from '@/testing/msw-server';
import { apiErrorMessage } from '../errors';
import { publicFetch, publicFetchSettings, type PublicFetchError } from '../public-fetch';

// Compile-time check: every failure shape is one of RTK's fetchBaseQuery error shapes.
const sameShapeAsRtk = (error: PublicFetchError): FetchBaseQueryError => error;
void sameShapeAsRtk;

describe('publicFetch', () => {
  let seen: Request[] = [];
  const defaultTimeout = publicFetchSettings.timeoutMs;

  beforeEach(() => {
    seen = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(request.clone());
    });
  });
  afterEach(() => {
    server.events.removeAllListeners();
    publicFetchSettings.timeoutMs = defaultTimeout;
  });

  it('posts JSON to the main API base without credentials and returns the 2xx body', async () => {
    const body = { email: 'ana@fabrica.com.br', consent: true, policyVersion: PRIVACY_POLICY_VERSION };
    const result = await publicFetch('/newsletter', { method: 'POST', body });
    expect(result).toEqual({ data: { email: 'ana@fabrica.com.br', status: 'pendente' } });
    expect(seen).toHaveLength(1);
    const request = seen[0];
    expect(request?.url).toBe(`${TEST_API_URL}/newsletter`);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Authorization')).toBeNull();
    expect(await request?.json()).toEqual(body);
    expect(
      await testSql<{ email: string; status: string }>('SELECT email, status FROM newsletter WHERE email = ?', [
        'ana@fabrica.com.br',
      ]),
    ).toEqual([{ email: 'ana@fabrica.com.br', status: 'pendente' }]);
  });

  it('an HTTP error keeps its status and the backend body, whose message wins', async () => {
    // Without consent (the API answers the same whatever the address's state, so the refusal is the body's).
    const body = { email: 'sem.consentimento@fabrica.com.br', consent: false, policyVersion: PRIVACY_POLICY_VERSION };
    const result = await publicFetch('/newsletter', { method: 'POST', body });
    expect(result.error).toEqual({
      status: 400,
      data: { error: { code: 'validation', message: NEWSLETTER_MESSAGES.consentRequired, field: 'consent' } },
    });
    expect(apiErrorMessage(result.error)).toBe(NEWSLETTER_MESSAGES.consentRequired);
  });

  it('500 → numeric status with the body', async () => {
    testFaults.set({ mode: '500' });
    const result = await publicFetch('/newsletter', { method: 'POST', body: { email: 'x@fabrica.com.br' } });
    expect(result.error).toMatchObject({ status: 500, data: { error: { code: 'internal' } } });
    expect(apiErrorMessage(result.error)).toBe('Erro interno no servidor. Tente novamente em instantes.');
  });

  it('a 5xx without a JSON body still gives a pt-BR message', async () => {
    server.use(http.post(`${TEST_API_URL}/newsletter`, () => new HttpResponse(null, { status: 503 })));
    const result = await publicFetch('/newsletter', { method: 'POST', body: {} });
    expect(result.error).toEqual({ status: 503, data: null });
    expect(apiErrorMessage(result.error)).toBe('O servidor está com problemas (erro 503). Tente novamente em instantes.');
  });

  it('offline → FETCH_ERROR', async () => {
    testFaults.set({ mode: 'offline' });
    const result = await publicFetch('/newsletter', { method: 'POST', body: {} });
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR', error: expect.any(String) });
    expect(apiErrorMessage(result.error)).toBe(
      'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
    );
  });

  it('no answer within the timeout → TIMEOUT_ERROR', async () => {
    testFaults.set({ mode: 'timeout' });
    publicFetchSettings.timeoutMs = 50;
    const result = await publicFetch('/newsletter', { method: 'POST', body: {} });
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(apiErrorMessage(result.error)).toBe('O servidor demorou demais para responder. Tente novamente.');
  });

  it('defaults to a 15 s timeout', () => {
    expect(defaultTimeout).toBe(15_000);
  });

  it('an HTML answer → PARSING_ERROR with the original status and text', async () => {
    testFaults.set({ mode: 'malformed' });
    const result = await publicFetch('/newsletter', { method: 'POST', body: {} });
    expect(result.error).toMatchObject({
      status: 'PARSING_ERROR',
      originalStatus: 200,
      data: '<html><body>502 Bad Gateway</body></html>',
    });
    expect(apiErrorMessage(result.error)).toBe('O servidor enviou uma resposta inválida. Tente novamente em instantes.');
  });

  it('an HTML error page from a proxy (502) → PARSING_ERROR that reads as a server problem', async () => {
    server.use(
      http.post(
        `${TEST_API_URL}/newsletter`,
        () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const result = await publicFetch('/newsletter', { method: 'POST', body: {} });
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });
    expect(apiErrorMessage(result.error)).toBe('O servidor está com problemas (erro 502). Tente novamente em instantes.');
  });

  it('an empty 2xx body gives null data', async () => {
    server.use(http.post(`${TEST_API_URL}/newsletter`, () => new HttpResponse(null, { status: 204 })));
    expect(await publicFetch('/newsletter', { method: 'POST', body: {} })).toEqual({ data: null });
  });

  it('a caller abort gives FETCH_ERROR, not TIMEOUT_ERROR', async () => {
    testFaults.set({ mode: 'timeout' });
    const controller = new AbortController();
    const pending = publicFetch('/newsletter', { method: 'POST', body: {}, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await pending).error).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
