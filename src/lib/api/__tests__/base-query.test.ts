import { configureStore, isPlain } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server, testFaults, TEST_API_URL } from '@/testing/msw-server';
import { makeTestToken } from '@/testing/test-token';
import { apiErrorMessage } from '../errors';
import { mainApi } from '../main-api';
import { setTokenProvider } from '../token';
import { targetsBase } from '../base-query';
import { retryDelay, isRetriableError } from '../retry-policy';

const probeApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    probeCreate: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST', body: {} }) }),
    probeOnce: build.query<unknown, string>({ query: (path) => path, extraOptions: { maxRetries: 0 } }),
  }),
});

function makeStore() {
  return configureStore({
    reducer: { [mainApi.reducerPath]: mainApi.reducer },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { isSerializable: (v: unknown) => isPlain(v) || v instanceof Date } }).concat(
        mainApi.middleware,
      ),
  });
}

const CUSTOMER_TOKEN = makeTestToken({ uid: 'demo-cliente-maria', email: 'cliente@example.com' });

describe('shared base query', () => {
  let seen: Array<{ url: string; authorization: string | null }> = [];

  beforeEach(() => {
    seen = [];
    setTokenProvider(async () => CUSTOMER_TOKEN);
    server.events.on('request:start', ({ request }) => {
      seen.push({ url: request.url, authorization: request.headers.get('Authorization') });
    });
  });
  afterEach(() => {
    server.events.removeAllListeners();
  });

  it('adds the bearer token and returns 2xx data', async () => {
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/me'));
    expect(result.data).toEqual({
      name: 'Maria Oliveira Santos',
      cnpj: expect.any(String),
      email: 'cliente@example.com',
      role: 'administrador',
      accountName: 'Maria Oliveira Santos',
    });
    expect(seen[0]?.authorization).toBe(`Bearer ${CUSTOMER_TOKEN}`);
  });

  it('without a user sends no token and the backend answers 401 with its message', async () => {
    setTokenProvider(async () => null);
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/me'));
    expect(seen[0]?.authorization).toBeNull();
    expect(result.error).toMatchObject({ status: 401, data: { error: { code: 'unauthenticated' } } });
    expect(apiErrorMessage(result.error)).toBe('Sessão ausente ou expirada. Entre novamente.');
  });

  it('never sends the token to another host', async () => {
    server.use(http.get('https://elsewhere.example.com/x', () => HttpResponse.json({ ok: true })));
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probe.initiate('https://elsewhere.example.com/x'));
    expect(seen[0]?.url).toBe('https://elsewhere.example.com/x');
    expect(seen[0]?.authorization).toBeNull();
    expect(targetsBase('/me', TEST_API_URL)).toBe(true);
    expect(targetsBase(`${TEST_API_URL}/me`, TEST_API_URL)).toBe(true);
    expect(targetsBase('http://localhost:87870/me', TEST_API_URL)).toBe(false);
    expect(targetsBase('//evil.com/me', TEST_API_URL)).toBe(false);
  });

  it('converts { seconds, nanos } to Date', async () => {
    server.use(
      http.get(`${TEST_API_URL}/stamped`, () =>
        HttpResponse.json({ createdAt: { seconds: 1_795_000_000, nanos: 0 }, list: [{ at: { seconds: 1, nanos: 0 } }] }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/stamped'));
    const data = result.data as { createdAt: Date; list: Array<{ at: Date }> };
    expect(data.createdAt).toEqual(new Date(1_795_000_000_000));
    expect(data.list[0]?.at).toEqual(new Date(1000));
  });

  it('gives PARSING_ERROR for an HTML answer', async () => {
    testFaults.set({ mode: 'malformed', match: '/me' });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/me'));
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200 });
    expect(apiErrorMessage(result.error)).toBe('O servidor enviou uma resposta inválida. Tente novamente em instantes.');
  });

  it('gives FETCH_ERROR when offline, after retrying the query 3 times', async () => {
    testFaults.set({ mode: 'offline', match: '/me' });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/me'));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(seen.filter((r) => r.url.endsWith('/me'))).toHaveLength(4);
    expect(apiErrorMessage(result.error)).toMatch(/Não foi possível falar com o servidor/);
  });

  it('retries a query on 5xx and succeeds when the server recovers', async () => {
    testFaults.set({ mode: '500', match: '/me', remaining: 2 });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/me'));
    expect(result.data).toMatchObject({ name: 'Maria Oliveira Santos' });
    expect(seen.filter((r) => r.url.endsWith('/me'))).toHaveLength(3);
  });

  it("honours an endpoint's own retry limit (maxRetries: 0 fails at the first 5xx)", async () => {
    testFaults.set({ mode: '500', match: '/me', remaining: 1 });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeOnce.initiate('/me'));
    expect(result.error).toMatchObject({ status: 500 });
    expect(seen.filter((r) => r.url.endsWith('/me'))).toHaveLength(1);
  });

  it('does not retry on 4xx', async () => {
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probe.initiate('/nao-existe'));
    expect(seen).toHaveLength(1);
  });

  it('never retries a mutation (no duplicate creates)', async () => {
    testFaults.set({ mode: '500', match: '/assembler' });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeCreate.initiate('/assembler'));
    expect(result).toMatchObject({ error: { status: 500 } });
    expect(seen).toHaveLength(1);
  });

  it('gives TIMEOUT_ERROR when the server hangs', async () => {
    testFaults.set({ mode: 'timeout', match: '/me', method: 'POST' });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeCreate.initiate('/me'));
    expect(result).toMatchObject({ error: { status: 'TIMEOUT_ERROR' } });
  }, 10_000);
});

describe('retry policy', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
  it('retries only network errors, timeouts and 5xx', () => {
    expect(isRetriableError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
    expect(isRetriableError({ status: 'TIMEOUT_ERROR', error: 'x' })).toBe(true);
    expect(isRetriableError({ status: 503, data: null })).toBe(true);
    expect(isRetriableError({ status: 'PARSING_ERROR', originalStatus: 502, data: '', error: 'x' })).toBe(true);
    expect(isRetriableError({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'x' })).toBe(false);
    expect(isRetriableError({ status: 404, data: null })).toBe(false);
    expect(isRetriableError({ status: 401, data: null })).toBe(false);
  });
});
