// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, createApi } from '../api';
import { sampleState } from './fixtures';

type Fetch = typeof fetch;
const answer = (status: number, body: string): Fetch => async () => new Response(body, { status });
const api = (fetch: Fetch, timeoutMs = 1000) => createApi({ apiUrl: 'http://127.0.0.1:8788', hubId: 'hub sp', token: 'tok', timeoutMs, fetch });

describe('createApi', () => {
  it('asks for the state with the hub credential and validates it', async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const fetch: Fetch = async (input, init) => {
      seen.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
      return new Response(JSON.stringify(sampleState()), { status: 200 });
    };
    expect(await api(fetch).getState()).toEqual(sampleState());
    expect(seen).toEqual([{ url: 'http://127.0.0.1:8788/hub/hub%20sp/state', auth: 'Hub tok' }]);
  });

  it('turns each failure into one pt-BR message', async () => {
    await expect(api(answer(500, '{"message":"boom"}')).getState()).rejects.toThrow(new ApiError('API VPN respondeu 500 (state): boom.', 500));
    await expect(api(answer(401, '{"error":{"message":"Credencial do hub ausente ou inválida."}}')).getState()).rejects.toThrow(
      'API VPN respondeu 401 (state): Credencial do hub ausente ou inválida.',
    );
    await expect(api(answer(200, '{"version":')).getState()).rejects.toThrow('API VPN respondeu JSON inválido (state).');
    await expect(api(answer(200, '{"version":"v1"}')).getState()).rejects.toThrow(/^Estado desejado fora do contrato: hub /);
    const refused: Fetch = async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:8788') });
    };
    await expect(api(refused).getState()).rejects.toThrow('API VPN inacessível (state): fetch failed (connect ECONNREFUSED 127.0.0.1:8788).');
  });

  it('gives up on an API that does not answer (AbortSignal.timeout)', async () => {
    const silent: Fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    await expect(api(silent, 20).getState()).rejects.toThrow('API VPN inacessível (state): sem resposta em 20 ms.');
  });

  it('posts the report', async () => {
    const bodies: unknown[] = [];
    const fetch: Fetch = async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response('{"gateways":1,"sessions":0,"users":0}', { status: 200 });
    };
    const report = { publicKey: sampleState().peers[0]?.publicKey ?? '', appliedVersion: null, health: { ok: true, implementation: 'kernel', startedAt: 1 }, peers: [] };
    expect(await api(fetch).postReport(report)).toEqual({ gateways: 1, sessions: 0, users: 0 });
    expect(bodies).toEqual([report]);
  });
});
