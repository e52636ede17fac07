import { getResponse, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { routeByPrefix } from '../router';

const API = 'http://api.test';
const VPN = 'http://vpn.test';

describe('routeByPrefix', () => {
  it('answers like the routes it groups: order, params, methods and pass-through routes kept', async () => {
    const seen: string[] = [];
    const handlers = routeByPrefix(
      [API, VPN],
      [
        http.all(`${API}/*`, () => {
          seen.push('catch-up');
        }),
        http.get(`${API}/machine/:id`, ({ params }) => HttpResponse.json({ id: params.id })),
        http.put(`${API}/machine/:id`, () => HttpResponse.json({ updated: true })),
        http.get(`${API}/machine-model`, () => HttpResponse.json({ models: true })),
        http.get(`${VPN}/vpn-user`, () => HttpResponse.json({ vpn: true })),
        http.all(`${API}/*`, () => HttpResponse.json({ notFound: true }, { status: 404 })),
      ],
    );
    expect(handlers).toHaveLength(2);

    const get = async (url: string, method = 'GET') => {
      const response = await getResponse(handlers, new Request(url, { method }));
      return response ? { status: response.status, body: (await response.json()) as unknown } : null;
    };
    await expect(get(`${API}/machine/m-1?x=1`)).resolves.toEqual({ status: 200, body: { id: 'm-1' } });
    await expect(get(`${API}/machine/m-1`, 'PUT')).resolves.toEqual({ status: 200, body: { updated: true } });
    await expect(get(`${API}/machine-model?page=2`)).resolves.toEqual({ status: 200, body: { models: true } });
    await expect(get(`${VPN}/vpn-user`)).resolves.toEqual({ status: 200, body: { vpn: true } });
    await expect(get(`${API}/machine/m-1`, 'DELETE')).resolves.toEqual({ status: 404, body: { notFound: true } });
    await expect(get('http://elsewhere.test/machine/m-1')).resolves.toBeNull();
    expect(seen).toEqual(['catch-up', 'catch-up', 'catch-up', 'catch-up']);
  });

  it('runs only the routes whose method and fixed prefix fit the request', async () => {
    const other = vi.fn(() => HttpResponse.json({ wrong: true }));
    const handlers = routeByPrefix(
      [API],
      [
        http.get(`${API}/customer/:id`, other),
        http.post(`${API}/machine`, other),
        http.get(`${API}/machine`, () => HttpResponse.json({ list: true })),
      ],
    );
    const response = await getResponse(handlers, new Request(`${API}/machine?page=1`));
    expect(await response?.json()).toEqual({ list: true });
    expect(other).not.toHaveBeenCalled();
  });

  it('runs beforeAnswer after a route answered and before the answer leaves, never for a pass-through', async () => {
    const order: string[] = [];
    const handlers = routeByPrefix(
      [API],
      [
        http.all(`${API}/*`, () => {
          order.push('catch-up');
        }),
        http.post(`${API}/machine`, () => {
          order.push('route');
          return HttpResponse.json({ created: true }, { status: 201 });
        }),
      ],
      async () => {
        await Promise.resolve();
        order.push('stored');
      },
    );
    const response = await getResponse(handlers, new Request(`${API}/machine`, { method: 'POST' }));
    order.push('answered');
    expect(response?.status).toBe(201);
    expect(order).toEqual(['catch-up', 'route', 'stored', 'answered']);
  });

  it('keeps routes of other origins and RegExp paths as they are', () => {
    const regex = http.get(/\/anything$/, () => HttpResponse.text('ok'));
    const foreign = http.get('http://elsewhere.test/x', () => HttpResponse.text('ok'));
    const handlers = routeByPrefix([API], [regex, http.get(`${API}/a`, () => HttpResponse.text('a')), foreign]);
    expect(handlers).toHaveLength(3);
    expect(handlers.slice(1)).toEqual([regex, foreign]);
  });
});
